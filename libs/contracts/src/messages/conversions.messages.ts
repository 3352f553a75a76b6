import type { ConversionKind, ConversionSettingsView, ConversionView } from '../dto/conversion.dto';

/** Requests the qr-service answers about conversions (leads and sales attributed to scans). */
export enum ConversionPattern {
  Record = 'qr.conversions.record',
  /** A Stripe event sent to a workspace's own conversions endpoint: verified with its secret, then recorded. */
  StripeEvent = 'qr.conversions.stripe-event',
  GetSettings = 'qr.conversions.get-settings',
  SetSettings = 'qr.conversions.set-settings',
}

export interface ConversionRequests {
  [ConversionPattern.Record]: {
    req: { userId: string; kind: ConversionKind; scanId: string; externalId: string | null; amount: number | null; currency: string | null };
    res: ConversionView;
  };
  [ConversionPattern.StripeEvent]: { req: { workspaceId: string; payload: string; signature: string }; res: { received: true; conversion: ConversionView | null } };
  [ConversionPattern.GetSettings]: { req: { userId: string }; res: ConversionSettingsView };
  [ConversionPattern.SetSettings]: { req: { userId: string; stripeWebhookSecret: string | null }; res: ConversionSettingsView };
}
