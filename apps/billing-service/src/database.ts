import type { ServiceDatabase } from '@qrd/database';
import { CustomerEntity } from './billing/customer.entity';
import { SubscriptionEntity } from './billing/subscription.entity';
import { CreateBilling1763790000000 } from './migrations/1763790000000-create-billing';

export const BILLING_DATABASE: ServiceDatabase = {
  schema: 'billing',
  entities: [CustomerEntity, SubscriptionEntity],
  migrations: [CreateBilling1763790000000],
};
