import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { CONTENT_OUTPUT_SCHEMA, V1DesignExtras } from './v1-content-schemas';
import { EFFECTIVE_STATES, QR_CATEGORIES, QR_CODE_STATES, QR_DOT_STYLES, QR_ERROR_CORRECTION_LEVELS, UNIQUE_WINDOWS } from '@qrd/contracts';

/**
 * The answers of the public API, described for the OpenAPI document. They are the qr-service's
 * views (libs/contracts QrCodeView, CodeAnalytics, AccountAnalytics) as they travel; the system
 * tests validate real answers against these schemas, so a drift fails there.
 */

export class V1Design extends V1DesignExtras {
  @ApiProperty({ example: '#000000' }) foreground!: string;
  @ApiProperty({ example: '#ffffff' }) background!: string;
  @ApiProperty({ enum: QR_ERROR_CORRECTION_LEVELS }) errorCorrection!: string;
  @ApiProperty({ type: 'integer' }) margin!: number;
  @ApiProperty({ enum: QR_DOT_STYLES }) dotStyle!: string;
  @ApiProperty() hasLogo!: boolean;
}

export class V1Suspension {
  @ApiProperty({ description: 'The subscription lapsed' }) billing!: boolean;
  @ApiProperty({ description: 'The account is suspended' }) account!: boolean;
}

export class V1Takedown {
  @ApiProperty() reason!: string;
  @ApiProperty({ format: 'date-time' }) at!: string;
}

export class V1Code {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'aB3dE5f' }) slug!: string;
  @ApiProperty({ format: 'uri', description: 'What the image encodes, forever' }) shortUrl!: string;
  @ApiProperty({ type: 'string', nullable: true, description: "The custom domain of the code's link (hostname), null for the default host" }) domain!: string | null;
  @ApiProperty({ format: 'uri', description: 'The link to share (…/l/{slug}): the same redirect, its visits counted as clicks, apart from scans of the image' }) linkUrl!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'uri' }) destinationUrl!: string;
  @ApiProperty({ oneOf: [{ type: 'string', enum: [...QR_CATEGORIES] }, { type: 'null' }] }) category!: string | null;
  @ApiProperty({ type: [String], description: 'Free tags, trimmed and lower case' }) tags!: string[];
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, description: 'The folder the code is in' }) folderId!: string | null;
  @ApiProperty({ type: V1Design }) design!: V1Design;
  @ApiProperty({ enum: QR_CODE_STATES }) state!: string;
  @ApiProperty({
    enum: EFFECTIVE_STATES,
    readOnly: true,
    description: 'What a scan meets now: `state`, or `scheduled` (before `campaign.startsAt`, answered with the "not live yet" page), `expired` (past `campaign.expiresAt`) or `scan_limit_reached` (`campaign.scanLimit` used up), both answered with the expired page',
  })
  effectiveState!: string;
  @ApiProperty() deactivatedByOwner!: boolean;
  @ApiProperty({ type: V1Suspension }) suspended!: V1Suspension;
  @ApiProperty({ type: 'integer', description: 'Human scans (bots excluded), all time' }) totalScans!: number;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) lastScanAt!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true, description: 'Campaign controls as set (null: none)' }) campaign?: object | null;
  @ApiPropertyOptional({ description: 'Scanners must give a password before the redirect' }) passwordProtected?: boolean;
  @ApiPropertyOptional({ type: 'integer', nullable: true, description: 'Scans left before the scan limit expires the code; null without a limit' }) remainingScans?: number | null;
  @ApiPropertyOptional({ oneOf: [{ $ref: getSchemaPath(V1Takedown) }, { type: 'null' }], description: 'Set while the code is disabled for abuse: scans see a "disabled" page' }) takedown?: V1Takedown | null;
  @ApiPropertyOptional(CONTENT_OUTPUT_SCHEMA) content?: object | null;
  @ApiPropertyOptional({ enum: UNIQUE_WINDOWS, description: "How often one visitor counts as a unique visitor in the code's analytics: once per UTC hour or per UTC day" })
  uniqueWindow?: string;
}

export class V1BulkCreated {
  @ApiProperty({ type: 'integer', description: 'Position in the request' }) index!: number;
  @ApiProperty({ type: V1Code }) code!: V1Code;
}

export class V1BulkFailure {
  @ApiProperty({ type: 'integer', description: 'Position in the request' }) index!: number;
  @ApiProperty({ type: 'integer', description: 'The status this code alone would have got (402: no free seat, 409: short link taken...)' }) status!: number;
  @ApiProperty() detail!: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' }, description: 'Field -> message' }) fields?: Record<string, string>;
}

export class V1BulkCreateResult {
  @ApiProperty({ type: [V1BulkCreated] }) created!: { index: number; code: unknown }[];
  @ApiProperty({ type: [V1BulkFailure] }) failed!: V1BulkFailure[];
}

export class V1CodePage {
  @ApiProperty({ type: [V1Code] }) items!: V1Code[];
  @ApiProperty({ type: 'string', nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' }) nextCursor!: string | null;
  @ApiProperty({ type: 'integer', description: 'Codes matching the filters, on every page' }) total!: number;
}

export class V1CountItem {
  @ApiProperty({ description: "Country code, city, device, browser...; '' when unknown" }) key!: string;
  @ApiPropertyOptional({ description: 'For cities: the country code' }) country?: string;
  @ApiPropertyOptional({ description: 'For cities: the region, when the IP database names one' }) region?: string;
  @ApiPropertyOptional({ type: 'number', description: "For cities: latitude in degrees (WGS 84) from the IP database; absent when it gives none" }) lat?: number;
  @ApiPropertyOptional({ type: 'number', description: 'For cities: longitude in degrees (WGS 84), with lat' }) lon?: number;
  @ApiProperty({ type: 'integer' }) scans!: number;
}

export class V1SeriesPoint {
  @ApiProperty({ description: 'Local bucket start: YYYY-MM-DD, or YYYY-MM-DDTHH:00 for hours' }) bucket!: string;
  @ApiProperty({ type: 'integer' }) scans!: number;
  @ApiProperty({ type: 'integer' }) uniqueScans!: number;
}

class V1Breakdowns {
  @ApiProperty({ type: [V1CountItem] }) countries!: V1CountItem[];
  @ApiProperty({ type: [V1CountItem] }) regions!: V1CountItem[];
  @ApiProperty({ type: [V1CountItem] }) cities!: V1CountItem[];
  @ApiProperty({ type: [V1CountItem] }) devices!: V1CountItem[];
  @ApiProperty({ type: [V1CountItem] }) os!: V1CountItem[];
  @ApiProperty({ type: [V1CountItem] }) browsers!: V1CountItem[];
  @ApiProperty({ type: [V1CountItem] }) referrers!: V1CountItem[];
  @ApiProperty({ type: [V1CountItem], description: "'scan': visits through the printed code's image; 'click': through its shareable link (/l/{slug})" }) sources!: V1CountItem[];
}

export class V1AllTime {
  @ApiProperty({ type: 'integer' }) scans!: number;
  @ApiProperty({ type: 'integer' }) botScans!: number;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) lastScanAt!: string | null;
}

export class V1Revenue {
  @ApiProperty({ description: 'ISO 4217', example: 'EUR' }) currency!: string;
  @ApiProperty({ type: 'integer', description: 'Minor units (cents)' }) amount!: number;
}

export class V1ConversionTotals {
  @ApiProperty({ type: 'integer' }) leads!: number;
  @ApiProperty({ type: 'integer' }) sales!: number;
  @ApiProperty({ type: [V1Revenue], description: 'Revenue of the sales, per currency' }) revenue!: V1Revenue[];
}

export class V1RuleFigures extends V1ConversionTotals {
  @ApiProperty({ type: 'integer', minimum: 1, description: "The routing rule's 1-based position in the code's rules in force when the scans were made" }) rule!: number;
  @ApiProperty({ type: 'integer', description: 'Human scans the rule sent in the range' }) scans!: number;
  @ApiProperty({ type: 'integer' }) uniqueScans!: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'The rule at that position now (conditions and destination, as in `campaign.rules`); null when the code has fewer rules now',
  })
  current!: object | null;
}

export class V1FolderConversions extends V1ConversionTotals {
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, description: 'The folder; null for the codes in no folder' }) folderId!: string | null;
  @ApiProperty({ type: 'string', nullable: true, description: "The folder's name; null for the codes in no folder" }) name!: string | null;
}

export class V1CodeAnalytics extends V1Breakdowns {
  @ApiProperty({ format: 'uuid' }) codeId!: string;
  @ApiProperty({ format: 'date' }) from!: string;
  @ApiProperty({ format: 'date' }) to!: string;
  @ApiProperty() tz!: string;
  @ApiProperty({ enum: ['hour', 'day'] }) granularity!: string;
  @ApiProperty({ type: 'integer', description: 'Human scans in the range' }) scans!: number;
  @ApiProperty({ type: 'integer', description: 'Unique visitors in the range: each visitor once per `uniqueWindow`' }) uniqueScans!: number;
  @ApiProperty({
    enum: UNIQUE_WINDOWS,
    description: "What `uniqueScans` counts: a visitor once per UTC hour or per UTC day, as the code counts now (a change applies to scans from then on)",
  })
  uniqueWindow!: string;
  @ApiProperty({ type: 'integer', description: 'Bots, link previews and HEAD requests' }) botScans!: number;
  @ApiProperty({ type: V1AllTime }) allTime!: V1AllTime;
  @ApiProperty({ type: 'integer' }) last30Days!: number;
  @ApiProperty({ type: [V1SeriesPoint] }) series!: V1SeriesPoint[];
  @ApiProperty({ type: V1ConversionTotals, description: 'Leads and sales reported against the scans of the range (conversions)' }) conversions!: V1ConversionTotals;
  @ApiProperty({ type: [V1RuleFigures], description: 'Per routing rule that sent scans in the range (campaign controls): its scans, leads, sales and revenue' }) rules!: V1RuleFigures[];
}

export class V1TopCode {
  @ApiProperty({ format: 'uuid' }) codeId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: 'integer' }) scans!: number;
}

export class V1Activity {
  @ApiProperty() id!: string;
  @ApiProperty({ format: 'uuid' }) codeId!: string;
  @ApiProperty() codeName!: string;
  @ApiProperty({ enum: ['scan', 'edit', 'create'] }) action!: string;
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiPropertyOptional({ type: 'string', nullable: true }) country?: string | null;
  @ApiPropertyOptional({ type: 'string', nullable: true }) city?: string | null;
  @ApiPropertyOptional({ type: 'string', nullable: true }) device?: string | null;
}

export class V1AccountAnalytics extends V1Breakdowns {
  @ApiProperty({ type: 'integer' }) totalScans!: number;
  @ApiProperty({ type: 'integer', description: 'Scans in the last 30 days' }) lastMonth!: number;
  @ApiProperty({ type: 'integer' }) qrCodes!: number;
  @ApiProperty({ type: 'integer' }) activeCodes!: number;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) lastScan!: string | null;
  @ApiProperty({ type: 'integer' }) uniqueScans30Days!: number;
  @ApiProperty({ type: 'integer' }) botScans!: number;
  @ApiProperty({ type: 'integer' }) thisMonth!: number;
  @ApiProperty({ type: 'integer' }) previousMonth!: number;
  @ApiProperty() tz!: string;
  @ApiProperty({ type: [V1SeriesPoint] }) series!: V1SeriesPoint[];
  @ApiProperty({ type: [V1TopCode] }) topCodes!: V1TopCode[];
  @ApiProperty({ type: [V1Activity] }) recentActivity!: V1Activity[];
  @ApiProperty({
    type: [V1FolderConversions],
    description: "Leads, sales and revenue of the last 30 days' scans per folder the codes are in now (only folders with some), most sales first",
  })
  conversionsByFolder!: V1FolderConversions[];
}

export class V1Problem {
  @ApiProperty({ example: 'about:blank' }) type!: string;
  @ApiProperty({ example: 'Not Found' }) title!: string;
  @ApiProperty({ type: 'integer', example: 404 }) status!: number;
  @ApiProperty({ example: 'QR code not found' }) detail!: string;
  @ApiProperty({ example: 'NOT_FOUND', description: 'Stable error code' }) code!: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' }, description: 'Field -> message' }) errors?: Record<string, string>;
}
