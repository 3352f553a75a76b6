import { IsBoolean, IsInt, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';

/**
 * Conversions (docs/conversions.md): a lead or a sale the destination site reports against the
 * scan that brought the visitor (its id came to the site as `qrd_id`).
 */
export const CONVERSION_KINDS = ['lead', 'sale'] as const;
export type ConversionKind = (typeof CONVERSION_KINDS)[number];

const SCAN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export const CONVERSION_MESSAGES = {
  scanId: 'scanId must be the qrd_id your page received, such as 0192f0c4-5a1b-7c3d-9e4f-0a1b2c3d4e5f',
  unknownScan: 'No scan of this workspace has this id',
  outsideWindow: (days: number) => `This scan is older than the attribution window (${days} days): the conversion is not counted`,
  amount: 'amount must be a whole number of the currency\'s minor units (cents), 0 or more',
  currency: 'currency must be an ISO 4217 code, such as EUR or USD',
  externalId: 'externalId identifies the lead or sale in your system (1 to 200 characters): the same one is counted once',
  signature: 'The Stripe signature of this request is missing, not valid or too old',
  notConfigured: 'This workspace has not set up its Stripe conversions endpoint',
  webhookSecret: 'Paste the endpoint\'s signing secret, which starts with whsec_',
} as const;

/** Whether `value` is an ISO 4217 currency code this runtime knows. */
export function isCurrencyCode(value: unknown): value is string {
  if (typeof value !== 'string' || !/^[A-Z]{3}$/.test(value)) return false;
  try {
    return Intl.supportedValuesOf('currency').includes(value);
  } catch {
    return false;
  }
}

export class LeadEventDto {
  @IsString({ message: CONVERSION_MESSAGES.scanId })
  @Matches(SCAN_ID, { message: CONVERSION_MESSAGES.scanId })
  scanId!: string;

  /** The lead in your system (a sign-up id, an e-mail hash); without it, one lead per scan. */
  @IsOptional()
  @IsString({ message: CONVERSION_MESSAGES.externalId })
  @MaxLength(200, { message: CONVERSION_MESSAGES.externalId })
  @Matches(/\S/, { message: CONVERSION_MESSAGES.externalId })
  externalId?: string;
}

export class SaleEventDto {
  @IsString({ message: CONVERSION_MESSAGES.scanId })
  @Matches(SCAN_ID, { message: CONVERSION_MESSAGES.scanId })
  scanId!: string;

  @IsString({ message: CONVERSION_MESSAGES.externalId })
  @MaxLength(200, { message: CONVERSION_MESSAGES.externalId })
  @Matches(/\S/, { message: CONVERSION_MESSAGES.externalId })
  externalId!: string;

  /** Minor units of `currency` (cents for EUR or USD, yen for JPY). */
  @IsInt({ message: CONVERSION_MESSAGES.amount })
  @Min(0, { message: CONVERSION_MESSAGES.amount })
  amount!: number;

  @IsString({ message: CONVERSION_MESSAGES.currency })
  @Matches(/^[A-Z]{3}$/, { message: CONVERSION_MESSAGES.currency })
  currency!: string;
}

export class ConversionSettingsDto {
  /** The signing secret of the Stripe webhook endpoint the workspace created for checkout.session.completed; null removes it. */
  @IsOptional()
  @IsString({ message: CONVERSION_MESSAGES.webhookSecret })
  @Matches(/^whsec_[A-Za-z0-9+/=_-]{8,200}$/, { message: CONVERSION_MESSAGES.webhookSecret })
  stripeWebhookSecret?: string | null;
}

/** PUT /api/analytics/settings. */
export class AnalyticsSettingsDto {
  @IsBoolean({ message: 'euPrivacy must be true or false' })
  euPrivacy!: boolean;
}

export interface ConversionView {
  id: string;
  kind: ConversionKind;
  scanId: string;
  codeId: string;
  externalId: string;
  amount: number | null;
  currency: string | null;
  /** The A/B variant the scan was sent to, if any. */
  variant: string | null;
  /** The routing rule that sent the scan (its 1-based position in the code's rules then in force), if one did. */
  rule: number | null;
  source: 'api' | 'stripe';
  createdAt: string;
  /** True when this external id was recorded before: nothing new was counted. */
  duplicate: boolean;
}

export interface ConversionSettingsView {
  /** Where to point the Stripe webhook endpoint (checkout.session.completed). */
  stripeEndpointUrl: string;
  stripeConfigured: boolean;
  /** Days after a scan within which its leads and sales count. */
  attributionWindowDays: number;
}

/** Leads, sales and revenue (per currency, in minor units) of a code or a variant. */
export interface ConversionTotals {
  leads: number;
  sales: number;
  revenue: { currency: string; amount: number }[];
}
