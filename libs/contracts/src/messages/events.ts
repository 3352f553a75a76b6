import { ServiceQueue } from './queues';
import type { AuditAction, AuditDetails } from '../workspaces/audit.dto';

/** Domain events (DESIGN.md section 3). */
export enum DomainEvent {
  CodeDeleted = 'code.deleted',
  SubscriptionChanged = 'subscription.changed',
  UserSuspended = 'user.suspended',
  UserReactivated = 'user.reactivated',
  UserDeleted = 'user.deleted',
  SessionsRevoke = 'sessions.revoke',
  /** An account was created for a paid signup whose payment could not be linked to it at once. */
  SignupPaid = 'signup.paid',
  /** An admin (or the domain blocklist) took a code down: its owner is told by mail. */
  CodeTakenDown = 'code.taken-down',
  /** A webhook endpoint was disabled after repeated failed deliveries: its owner is told by mail. */
  WebhookDisabled = 'webhook.disabled',
  /** A user's data export is built: the auth-service mails its owner the link. */
  DataExportReady = 'data-export.ready',
  /** Something about a user's billing they are told by mail (receipt, failed payment, renewal ...). */
  BillingNotice = 'billing.notice',
  /** A shared workspace was deleted by its owner: its codes stop and every service erases what it holds of it. */
  WorkspaceDeleted = 'workspace.deleted',
  /** Something another service did in a workspace that its audit log records (a webhook changed, the subscription changed). */
  WorkspaceActivity = 'workspace.activity',
  /** A custom domain stopped working as it should (its records went missing, or an admin disabled it): its managers are told by mail. */
  DomainNotice = 'domain.notice',
}

/** Why a custom domain's managers hear from us. */
export interface DomainNotice {
  workspaceId: string;
  hostname: string;
  /** misconfigured: links keep working until `disablesAt`; disabled: its links answer "not found" until it is verified again. */
  state: 'misconfigured' | 'disabled';
  reason: string;
  disablesAt: string | null;
  byAdmin: boolean;
}

/**
 * One entry for a workspace's audit log, sent by the service where it happened. `ref` is unique
 * to the change, so a delivery repeated (at least once) records it once.
 */
export interface WorkspaceActivity {
  ref: string;
  workspaceId: string;
  /** The member who did it; null when nobody did (a renewal, the provider). */
  actorId: string | null;
  action: AuditAction;
  details: AuditDetails;
}

/** What a billing mail says; every figure comes from the billing-service (cents, ISO dates). */
export type BillingNotice =
  | {
      kind: 'receipt';
      userId: string;
      invoiceNumber: string;
      issuedAt: string;
      totalCents: number;
      lines: { description: string; amountCents: number }[];
    }
  | { kind: 'payment-failed'; userId: string; amountDueCents: number; seats: number }
  | {
      kind: 'renewal-upcoming';
      userId: string;
      renewsAt: string;
      seats: number;
      unitAmountCents: number;
      amountCents: number;
      card: string | null;
    }
  | { kind: 'cancellation-confirmed'; userId: string; endsAt: string | null; seats: number }
  | { kind: 'subscription-ended'; userId: string; seats: number }
  | { kind: 'codes-restored'; userId: string; seats: number };

export interface SubscriptionState {
  userId: string;
  status: string;
  /** True when the owner's codes may redirect (active, trialing or past_due grace). */
  redirectsEnabled: boolean;
  seats: number;
}

export interface EventPayloads {
  [DomainEvent.CodeDeleted]: { codeId: string; userId: string; slug: string };
  [DomainEvent.SubscriptionChanged]: SubscriptionState;
  [DomainEvent.UserSuspended]: { userId: string };
  [DomainEvent.UserReactivated]: { userId: string };
  [DomainEvent.UserDeleted]: { userId: string };
  [DomainEvent.SessionsRevoke]: { userId: string; exceptSessionId?: string; reason: string };
  [DomainEvent.SignupPaid]: { userId: string; customerId: string; subscriptionId: string };
  /** `shortUrl`: its link (on its custom domain if it has one); absent in events sent before domains existed. */
  [DomainEvent.CodeTakenDown]: { codeId: string; userId: string; slug: string; shortUrl?: string; name: string; destination: string; reason: string };
  [DomainEvent.WebhookDisabled]: { userId: string; endpointId: string; url: string; failures: number };
  /** `userId`: the member who asked for it; `workspaceId`: the workspace exported. */
  [DomainEvent.DataExportReady]: { userId: string; workspaceId: string; exportId: string; expiresAt: string };
  [DomainEvent.BillingNotice]: BillingNotice;
  [DomainEvent.WorkspaceDeleted]: { workspaceId: string };
  [DomainEvent.WorkspaceActivity]: WorkspaceActivity;
  [DomainEvent.DomainNotice]: DomainNotice;
}

/** Which service queues receive each event: the one routing table for fan-out. */
export const EVENT_SUBSCRIBERS: Record<DomainEvent, readonly ServiceQueue[]> = {
  // No service needs it today: a deleted code's seat stays paid until the renewal trims it.
  [DomainEvent.CodeDeleted]: [],
  [DomainEvent.SubscriptionChanged]: [ServiceQueue.Qr],
  [DomainEvent.UserSuspended]: [ServiceQueue.Qr, ServiceQueue.Gateway],
  [DomainEvent.UserReactivated]: [ServiceQueue.Qr],
  [DomainEvent.UserDeleted]: [ServiceQueue.Qr, ServiceQueue.Billing, ServiceQueue.Gateway],
  [DomainEvent.SessionsRevoke]: [ServiceQueue.Gateway],
  [DomainEvent.SignupPaid]: [ServiceQueue.Billing],
  [DomainEvent.CodeTakenDown]: [ServiceQueue.Auth],
  [DomainEvent.WebhookDisabled]: [ServiceQueue.Auth],
  [DomainEvent.DataExportReady]: [ServiceQueue.Auth],
  [DomainEvent.BillingNotice]: [ServiceQueue.Auth],
  [DomainEvent.WorkspaceDeleted]: [ServiceQueue.Qr, ServiceQueue.Billing],
  [DomainEvent.WorkspaceActivity]: [ServiceQueue.Auth],
  [DomainEvent.DomainNotice]: [ServiceQueue.Auth],
};

export function eventsFor(queue: ServiceQueue): DomainEvent[] {
  return (Object.keys(EVENT_SUBSCRIBERS) as DomainEvent[]).filter((event) =>
    EVENT_SUBSCRIBERS[event].includes(queue),
  );
}
