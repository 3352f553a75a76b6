import type Stripe from 'stripe';
import { FakeStripeError, list, missing, MONTH, newId, now, Params } from './fake-stripe-http';
import { PhaseFields, ScheduleFields, scheduleObject } from './stripe-billing-objects';

/** What a schedule reads and changes of the subscription it manages. */
export interface ScheduledSub {
  id: string;
  customer: string;
  priceId: string;
  quantity: number;
  periodStart: number;
  periodEnd: number;
  schedule: string | null;
}

export function periodLength(price: Stripe.Price): number {
  return price.recurring?.interval === 'year' ? 12 * MONTH : MONTH;
}

/**
 * /v1/subscription_schedules as Stripe answers it: a schedule made from a subscription
 * (from_subscription) starts with one phase, the current period; an update replaces the phases
 * (start_date of the first, then each from the previous end, end_date or iterations); release
 * leaves the subscription as it is and detaches the schedule.
 */
export class FakeSchedules {
  private readonly schedules = new Map<string, ScheduleFields>();

  constructor(
    private readonly prices: Map<string, Stripe.Price>,
    private readonly subOf: (id: string) => ScheduledSub | undefined,
  ) {}

  route(method: string, id: string | undefined, action: string | undefined, params: Params): Stripe.SubscriptionSchedule {
    if (method === 'POST' && !id) return this.create(params);
    const schedule = id ? this.schedules.get(id) : undefined;
    if (!schedule) throw missing('subscription_schedule', String(id));
    if (method === 'GET' && !action) return scheduleObject(schedule, now());
    if (method === 'POST' && action === 'release') return this.release(schedule);
    if (method === 'POST' && !action) return this.update(schedule, params);
    throw new FakeStripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: /v1/subscription_schedules/${id}/${action ?? ''})` });
  }

  render(id: string): Stripe.SubscriptionSchedule {
    const schedule = this.schedules.get(id);
    if (!schedule) throw missing('subscription_schedule', id);
    return scheduleObject(schedule, now());
  }

  /** The phase that starts where the subscription's period `periodEnd` ends, if any. */
  phaseFrom(id: string, periodEnd: number): PhaseFields | undefined {
    return this.schedules.get(id)?.phases.find((p) => p.start === periodEnd);
  }

  /** Stripe's clock at the end of a schedule's last phase with end_behavior=release. */
  releaseIfDone(id: string, at: number): void {
    const schedule = this.schedules.get(id);
    const last = schedule?.phases[schedule.phases.length - 1];
    if (schedule && last && last.end <= at && schedule.endBehavior === 'release') this.release(schedule);
  }

  private create(params: Params): Stripe.SubscriptionSchedule {
    const subId = String(params.from_subscription ?? '');
    const sub = this.subOf(subId);
    if (!sub) throw missing('subscription', subId);
    if (sub.schedule) {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        message: `You cannot migrate a subscription that is already attached to a schedule: \`${sub.schedule}\`.`,
      });
    }
    const schedule: ScheduleFields = {
      id: newId('sub_sched'),
      customer: sub.customer,
      subscription: sub.id,
      status: 'active',
      created: now(),
      releasedAt: null,
      releasedSubscription: null,
      endBehavior: 'release',
      phases: [{ start: sub.periodStart, end: sub.periodEnd, price: sub.priceId, quantity: sub.quantity }],
    };
    this.schedules.set(schedule.id, schedule);
    sub.schedule = schedule.id;
    return scheduleObject(schedule, now());
  }

  private update(schedule: ScheduleFields, params: Params): Stripe.SubscriptionSchedule {
    if (schedule.status !== 'active' && schedule.status !== 'not_started') {
      throw new FakeStripeError(400, { type: 'invalid_request_error', message: `You cannot update a subscription schedule that is ${schedule.status}.` });
    }
    if (params.end_behavior !== undefined) schedule.endBehavior = String(params.end_behavior) as Stripe.SubscriptionSchedule.EndBehavior;
    if (params.phases !== undefined) {
      const phases: PhaseFields[] = [];
      for (const raw of list(params.phases) as Params[]) {
        const [item] = list(raw.items) as Params[];
        const price = this.prices.get(String(item?.price));
        if (!price) throw missing('price', String(item?.price));
        const start = raw.start_date !== undefined ? Number(raw.start_date) : (phases[phases.length - 1]?.end ?? now());
        const end = raw.end_date !== undefined ? Number(raw.end_date) : start + Number(raw.iterations ?? 1) * periodLength(price);
        if (!(end > start)) {
          throw new FakeStripeError(400, { type: 'invalid_request_error', param: 'phases', message: 'The phase end_date must be after its start_date.' });
        }
        phases.push({ start, end, price: price.id, quantity: Number(item.quantity ?? 1) });
      }
      schedule.phases = phases;
    }
    return scheduleObject(schedule, now());
  }

  private release(schedule: ScheduleFields): Stripe.SubscriptionSchedule {
    const sub = schedule.subscription ? this.subOf(schedule.subscription) : undefined;
    if (sub) sub.schedule = null;
    schedule.status = 'released';
    schedule.releasedAt = now();
    schedule.releasedSubscription = schedule.subscription;
    schedule.subscription = null;
    return scheduleObject(schedule, now());
  }
}
