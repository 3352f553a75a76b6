import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { SLUG_PATTERN } from '../redis/redirect-table';

/** Abuse handling (DESIGN section 7): public reports, the admin queue, takedowns. */

export const REPORT_REASONS = ['phishing', 'malware', 'scam', 'illegal', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  phishing: 'Phishing or stealing passwords',
  malware: 'Malware or unwanted downloads',
  scam: 'Scam or fraud',
  illegal: 'Illegal or harmful content',
  other: 'Something else',
};

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_DETAILS_MAX_LENGTH = 2000;
export const TAKEDOWN_REASON_MAX_LENGTH = 500;

export const ABUSE_MESSAGES = {
  codeRequired: 'Enter the QR code’s short link or its 7-character code',
  codeInvalid: 'That is not one of our QR code links. It looks like https://…/r/AbC1234 or just AbC1234.',
  reason: 'Choose what is wrong with this QR code',
  detailsTooLong: `Please keep the details under ${REPORT_DETAILS_MAX_LENGTH} characters`,
  email: 'Please enter a valid email address',
  accepted: 'Thank you. Your report has reached our team; we look at every one.',
  takedownReasonRequired: 'Give the reason for taking this code down (the owner reads it)',
  takedownReasonTooLong: `Keep the reason under ${TAKEDOWN_REASON_MAX_LENGTH} characters`,
  blockedDestination: 'Links to this website are not allowed on QR Dynamic (it is on our abuse blocklist). Use another destination.',
} as const;

/** The slug a person typed: a short link (any host, /r/{slug}) or the bare 7 characters; null when neither. */
export function reportedSlug(input: string): string | null {
  const text = input.trim();
  if (SLUG_PATTERN.test(text)) return text;
  const match = /\/r\/([0-9A-Za-z]{7})\/?(?:[?#].*)?$/.exec(text);
  return match ? match[1] : null;
}

export class ReportCodeDto {
  @IsString({ message: ABUSE_MESSAGES.codeRequired })
  @IsNotEmpty({ message: ABUSE_MESSAGES.codeRequired })
  @MaxLength(300, { message: ABUSE_MESSAGES.codeInvalid })
  @Matches(/(^\s*[0-9A-Za-z]{7}\s*$)|(\/r\/[0-9A-Za-z]{7}\/?([?#].*)?\s*$)/, { message: ABUSE_MESSAGES.codeInvalid })
  code!: string;

  @IsIn(REPORT_REASONS, { message: ABUSE_MESSAGES.reason })
  reason!: ReportReason;

  @IsOptional()
  @IsString({ message: ABUSE_MESSAGES.detailsTooLong })
  @MaxLength(REPORT_DETAILS_MAX_LENGTH, { message: ABUSE_MESSAGES.detailsTooLong })
  details?: string;

  /** Optional: an empty field is no address. */
  @ValidateIf((dto: ReportCodeDto) => dto.email !== undefined && dto.email !== null && dto.email !== '')
  @IsEmail({}, { message: ABUSE_MESSAGES.email })
  @MaxLength(254, { message: ABUSE_MESSAGES.email })
  email?: string;
}

export class ListReportsQueryDto {
  @IsOptional()
  @IsIn(REPORT_STATUSES, { message: 'Status must be open or resolved' })
  status?: ReportStatus;

  @IsOptional()
  @Matches(/^[1-9][0-9]{0,5}$/, { message: 'Page must be a positive whole number' })
  page?: string;
}

export class SetReportStatusDto {
  @IsIn(REPORT_STATUSES, { message: 'Status must be open or resolved' })
  status!: ReportStatus;
}

export class TakeDownCodeDto {
  @IsString({ message: ABUSE_MESSAGES.takedownReasonRequired })
  @MinLength(3, { message: ABUSE_MESSAGES.takedownReasonRequired })
  @MaxLength(TAKEDOWN_REASON_MAX_LENGTH, { message: ABUSE_MESSAGES.takedownReasonTooLong })
  reason!: string;
}

/** The code a report names, as the admin queue shows it (null: no code has this slug). */
export interface ReportedCodeView {
  id: string;
  name: string;
  destinationUrl: string;
  ownerId: string;
  state: 'active' | 'deactivated' | 'suspended';
  deleted: boolean;
  takedown: { reason: string; at: string } | null;
}

export interface AbuseReportView {
  id: string;
  slug: string;
  reason: ReportReason;
  details: string;
  reporterEmail: string | null;
  status: ReportStatus;
  createdAt: string;
  resolvedAt: string | null;
  code: ReportedCodeView | null;
}

export interface AbuseReportPage {
  items: AbuseReportView[];
  total: number;
  page: number;
  pageSize: number;
}
