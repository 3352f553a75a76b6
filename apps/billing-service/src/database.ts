import type { ServiceDatabase } from '@qrd/database';
import { CustomerEntity } from './billing/customer.entity';
import { SubscriptionEntity } from './billing/subscription.entity';
import { CreateBilling1763790000000 } from './migrations/1763790000000-create-billing';
import { SeatPurchases1795000000000 } from './migrations/1795000000000-seat-purchases';
import { Outbox1797600000000 } from './migrations/1797600000000-outbox';
import { PendingInterval1797910000000 } from './migrations/1797910000000-pending-interval';
import { Invoices1797920000000 } from './migrations/1797920000000-invoices';
import { NoticesSent1797930000000 } from './migrations/1797930000000-notices-sent';
import { SeatRenewals1797940000000 } from './migrations/1797940000000-seat-renewals';
import { Currencies1798000000000 } from './migrations/1798000000000-currencies';

export const BILLING_DATABASE: ServiceDatabase = {
  schema: 'billing',
  entities: [CustomerEntity, SubscriptionEntity],
  migrations: [CreateBilling1763790000000, SeatPurchases1795000000000, Outbox1797600000000, PendingInterval1797910000000, Invoices1797920000000, NoticesSent1797930000000, SeatRenewals1797940000000, Currencies1798000000000],
};
