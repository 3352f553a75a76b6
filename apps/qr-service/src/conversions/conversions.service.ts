import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import {
  CONVERSION_MESSAGES,
  ConversionKind,
  ConversionSettingsView,
  ConversionView,
  DomainError,
  ErrorCode,
  isCurrencyCode,
} from '@qrd/contracts';
import { CodeEvents } from '../codes/code-events';
import { ConversionRecord, ConversionsRepository } from './conversions.repository';

const DAY_MS = 86_400_000;
/** How far a uuidv7 scan id's time may be ahead of this clock (another machine's clock). */
const CLOCK_SKEW_MS = 5 * 60_000;

/** The time a uuidv7 carries (its first 48 bits, milliseconds since the epoch). */
export function timeOfScanId(scanId: string): number {
  return parseInt(scanId.replace(/-/g, '').slice(0, 12), 16);
}

function unknownScan(): DomainError {
  return new DomainError(ErrorCode.NotFound, CONVERSION_MESSAGES.unknownScan, { scanId: CONVERSION_MESSAGES.unknownScan });
}

/**
 * Leads and sales attributed to the scan that brought the visitor (docs/conversions.md): the scan
 * must be one of the workspace's and within the attribution window; an external id is counted
 * once however often it is sent; each new one goes to the workspace's webhooks (lead.created,
 * sale.created). Sales also come from the workspace's own Stripe account, signed with its secret.
 */
@Injectable()
export class ConversionsService {
  private readonly stripe = new Stripe('sk_unused_for_signature_checks');

  constructor(
    private readonly conversions: ConversionsRepository,
    private readonly events: CodeEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async record(
    ownerId: string,
    input: { kind: ConversionKind; scanId: string; externalId: string | null; amount: number | null; currency: string | null },
    source: 'api' | 'stripe' = 'api',
    now: number = Date.now(),
  ): Promise<ConversionView> {
    const scanId = input.scanId.toLowerCase();
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(scanId)) throw unknownScan();
    if (input.kind === 'sale') {
      if (input.amount === null || !Number.isSafeInteger(input.amount) || input.amount < 0) throw new DomainError(ErrorCode.Validation, CONVERSION_MESSAGES.amount, { amount: CONVERSION_MESSAGES.amount });
      if (!isCurrencyCode(input.currency)) throw new DomainError(ErrorCode.Validation, CONVERSION_MESSAGES.currency, { currency: CONVERSION_MESSAGES.currency });
    }
    const at = timeOfScanId(scanId);
    if (at > now + CLOCK_SKEW_MS) throw unknownScan();
    const days = this.config.conversionWindowDays;
    if (now - at > days * DAY_MS) throw new DomainError(ErrorCode.Validation, CONVERSION_MESSAGES.outsideWindow(days), { scanId: CONVERSION_MESSAGES.outsideWindow(days) });
    const scan = await this.conversions.scan(scanId, new Date(at));
    // Another workspace's scan is answered exactly like a missing one.
    if (!scan || scan.ownerId !== ownerId) throw unknownScan();
    const externalId = input.externalId?.trim() || scanId;
    const amount = input.kind === 'sale' ? input.amount : null;
    const currency = input.kind === 'sale' ? input.currency : null;
    const [created, eventIds] = await this.conversions.transaction(async (tx): Promise<[ConversionRecord | null, string[]]> => {
      const row = await this.conversions.insert(tx, { ownerId, scanId, scan, kind: input.kind, externalId, amount, currency, source });
      if (!row) return [null, []];
      return [row, await this.events.webhook(tx, ownerId, `${input.kind}.created`, viewOf(row, false))];
    });
    await this.events.deliver(eventIds);
    if (created) return viewOf(created, false);
    const existing = await this.conversions.byExternalId(ownerId, input.kind, externalId);
    if (!existing) throw new DomainError(ErrorCode.Conflict, 'The conversion was being recorded at the same moment: send it again');
    return viewOf(existing, true);
  }

  /**
   * A Stripe event sent to the workspace's own endpoint: checked against its signing secret (and
   * Stripe's timestamp tolerance, so an old event replayed is refused); a completed Checkout
   * Session whose metadata (or client_reference_id) carries the scan id is a sale, its id the
   * external id. Any other event is acknowledged and ignored.
   */
  async stripeEvent(workspaceId: string, payload: string, signature: string): Promise<{ received: true; conversion: ConversionView | null }> {
    const { stripeWebhookSecret } = await this.conversions.settings(workspaceId);
    if (!stripeWebhookSecret) throw new DomainError(ErrorCode.NotFound, CONVERSION_MESSAGES.notConfigured);
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(payload, signature, stripeWebhookSecret);
    } catch {
      throw new DomainError(ErrorCode.Validation, CONVERSION_MESSAGES.signature);
    }
    if (event.type !== 'checkout.session.completed') return { received: true, conversion: null };
    const session = event.data.object as Stripe.Checkout.Session;
    const scanId = session.metadata?.qrd_id ?? session.client_reference_id ?? null;
    if (!scanId || session.amount_total === null || !session.currency) return { received: true, conversion: null };
    const conversion = await this.record(
      workspaceId,
      { kind: 'sale', scanId, externalId: session.id, amount: session.amount_total, currency: session.currency.toUpperCase() },
      'stripe',
    );
    return { received: true, conversion };
  }

  async settings(ownerId: string): Promise<ConversionSettingsView> {
    const { stripeWebhookSecret } = await this.conversions.settings(ownerId);
    return {
      stripeEndpointUrl: `${this.config.publicBaseUrl}/api/webhooks/stripe-conversions/${ownerId}`,
      stripeConfigured: stripeWebhookSecret !== null,
      attributionWindowDays: this.config.conversionWindowDays,
    };
  }

  async saveSettings(ownerId: string, stripeWebhookSecret: string | null): Promise<ConversionSettingsView> {
    await this.conversions.saveSettings(ownerId, stripeWebhookSecret);
    return this.settings(ownerId);
  }
}

function viewOf(row: ConversionRecord, duplicate: boolean): ConversionView {
  return {
    id: row.id,
    kind: row.kind,
    scanId: row.scanId,
    codeId: row.codeId,
    externalId: row.externalId,
    amount: row.amount === null ? null : Number(row.amount),
    currency: row.currency,
    variant: row.variant,
    rule: row.rule,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    duplicate,
  };
}
