import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { OwnerWebhookEvent, OwnerWebhooks } from '../codes/code-ports';
import { WebhookDispatcher } from './webhook-dispatcher';

/** The codes module's webhook port: whether the owner wants an event, and its fan-out once committed. */
@Injectable()
export class CodeWebhooks implements OwnerWebhooks {
  constructor(private readonly dispatcher: WebhookDispatcher) {}

  async wanted(tx: EntityManager, ownerId: string, type: string): Promise<boolean> {
    const [{ wanted }]: { wanted: boolean }[] = await tx.query(
      `SELECT EXISTS (SELECT 1 FROM qr.webhook_endpoints WHERE owner_id = $1 AND enabled AND $2 = ANY(events)) AS wanted`,
      [ownerId, type],
    );
    return wanted;
  }

  fanOut(event: OwnerWebhookEvent): Promise<void> {
    return this.dispatcher.fanOut(event);
  }
}
