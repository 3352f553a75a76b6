import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { CONTENT_INPUT_SCHEMA, V1DesignExtras } from './v1-content-schemas';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsOptional, ValidateNested } from 'class-validator';
import {
  AccountAnalyticsQueryDto,
  AnalyticsQueryDto,
  CODE_PAGE_MAX_LIMIT,
  CODE_SORTS,
  CODE_STATE_FILTERS,
  CodePageQueryDto,
  CreateQrCodeDto,
  DownloadQueryDto,
  PRINT_LIMITS,
  PRINT_UNITS,
  QR_CATEGORIES,
  QR_DOT_STYLES,
  QR_ERROR_CORRECTION_LEVELS,
  QR_MAX_MARGIN,
  QR_MIN_MARGIN,
  QrDesignDto,
  QR_IMAGE_FORMATS,
  QR_MAX_SIZE,
  QR_MIN_SIZE,
  SORT_ORDERS,
  TAG_MAX_LENGTH,
  TAGS_PER_CODE_MAX,
  UNIQUE_WINDOWS,
  UpdateQrCodeDto,
} from '@qrd/contracts';
import type { CampaignSettings, CodeContent, CodeSort, CodeStateFilter, QrCategory, QrImageFormat, SortOrder, UniqueWindow } from '@qrd/contracts';

export const V1_BULK_MAX = 100;

/** What the campaign settings hold; their full shape is in docs/api.md (the web's Campaign tab writes the same). */
const CAMPAIGN_DESCRIPTION =
  'Campaign controls: passQuery (boolean), passScanId (boolean: each scan\'s id goes to the destination as qrd_id, for conversions), startsAt, expiresAt, fallbackUrl, scanLimit, schedule [{at, destination}], ' +
  'rules [{os, device, country, region, city, language, time, destination}] (first match wins; region: names such as "Bavaria", city: [{name: "Munich", country: "DE"}], country optional), split [{name, destination, weight}]; ' +
  'each refused part is named in the problem details';


/**
 * Requests of the public API: the class-validator rules are those of libs/contracts (the web
 * forms' own), inherited; the @Api* decorators describe them for the OpenAPI document.
 */

export class V1ListCodesQuery extends CodePageQueryDto {
  @ApiPropertyOptional({ description: `Codes per page, 1 to ${CODE_PAGE_MAX_LIMIT} (default 50)`, type: 'integer', minimum: 1, maximum: CODE_PAGE_MAX_LIMIT })
  declare limit?: string;

  @ApiPropertyOptional({ description: 'The `nextCursor` of the previous page' })
  declare cursor?: string;

  @ApiPropertyOptional({ enum: CODE_SORTS, description: 'Default: created' })
  declare sort?: CodeSort;

  @ApiPropertyOptional({ enum: SORT_ORDERS, description: 'Default: desc for created, scans and lastScan; asc for name' })
  declare order?: SortOrder;

  @ApiPropertyOptional({ description: 'Search in names and destinations', maxLength: 200 })
  declare q?: string;

  @ApiPropertyOptional({
    enum: CODE_STATE_FILTERS,
    description: 'By `effectiveState`: active (redirecting now), inactive (deactivated or suspended), expired, scan_limit_reached',
  })
  declare state?: CodeStateFilter;

  @ApiPropertyOptional({ enum: QR_CATEGORIES })
  declare category?: QrCategory;

  @ApiPropertyOptional({ description: 'Codes carrying this tag (compared trimmed and lower case)', maxLength: TAG_MAX_LENGTH })
  declare tag?: string;

  @ApiPropertyOptional({ description: 'Codes in this folder (its id), or `none` for codes in no folder' })
  declare folder?: string;
}

export class V1CreateCodeBody extends CreateQrCodeDto {
  @ApiProperty({ description: 'Shown in your dashboard', minLength: 1, maxLength: 100, example: 'Spring menu' })
  declare name: string;

  @ApiPropertyOptional({ description: 'Where scans go: http or https, at most 2048 characters. Required unless `content` is given', format: 'uri', maxLength: 2048, example: 'https://example.com/menu' })
  declare destinationUrl?: string;

  @ApiPropertyOptional(CONTENT_INPUT_SCHEMA)
  declare content?: CodeContent;

  @ApiPropertyOptional({ enum: QR_CATEGORIES })
  declare category?: QrCategory;

  @ApiPropertyOptional({ description: 'A short link of your choosing instead of a generated one (4-32 of A-Z a-z 0-9 - _); it can never change', example: 'spring-menu' })
  declare slug?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: CAMPAIGN_DESCRIPTION })
  declare campaign?: CampaignSettings;

  @ApiPropertyOptional({ description: 'Scanners give it before the redirect (stored hashed, never answered)', minLength: 4 })
  declare password?: string;

  @ApiPropertyOptional({ type: [String], maxItems: TAGS_PER_CODE_MAX, description: `Free tags: at most ${TAGS_PER_CODE_MAX}, each at most ${TAG_MAX_LENGTH} characters of letters, digits, spaces, - and _; stored trimmed and lower case` })
  declare tags?: string[];

  @ApiPropertyOptional({ type: 'string', format: 'uuid', nullable: true, description: 'One of your folders (made in the dashboard)' })
  declare folderId?: string | null;

  @ApiPropertyOptional({
    type: 'string',
    format: 'uuid',
    description: 'One of your saved design templates (made in the dashboard\'s design editor): the code starts with its design; without it, the default design',
  })
  declare designTemplateId?: string;

  @ApiPropertyOptional({
    type: 'string',
    format: 'uuid',
    nullable: true,
    description: "One of the workspace's verified custom domains: the code's link is then https://{domain}/{slug}; without it, the default host",
  })
  declare domainId?: string | null;

  @ApiPropertyOptional({
    enum: [...UNIQUE_WINDOWS],
    description: "How often one visitor counts as a unique visitor in the code's analytics: once per UTC hour or once per UTC day (the default)",
  })
  declare uniqueWindow?: UniqueWindow;
}

/** Several codes in one request: each is created on a free seat of the subscription, in order. */
export class V1BulkCreateBody {
  @ApiProperty({ type: [V1CreateCodeBody], minItems: 1, maxItems: V1_BULK_MAX })
  @IsArray({ message: 'codes must be a list of codes' })
  @ArrayNotEmpty({ message: 'Give at least one code' })
  @ArrayMaxSize(V1_BULK_MAX, { message: `At most ${V1_BULK_MAX} codes a request` })
  @ValidateNested({ each: true })
  @Type(() => V1CreateCodeBody)
  codes!: V1CreateCodeBody[];
}

/** A design without its logo; the contrast between foreground and background is checked. */
export class V1DesignBody extends IntersectionType(QrDesignDto, V1DesignExtras) {
  @ApiProperty({ example: '#000000' }) declare foreground: string;
  @ApiProperty({ example: '#ffffff' }) declare background: string;
  @ApiProperty({ enum: QR_ERROR_CORRECTION_LEVELS }) declare errorCorrection: QrDesignDto['errorCorrection'];
  @ApiProperty({ type: 'integer', minimum: QR_MIN_MARGIN, maximum: QR_MAX_MARGIN }) declare margin: number;
  @ApiProperty({ enum: QR_DOT_STYLES }) declare dotStyle: QrDesignDto['dotStyle'];
}

export const V1_CODE_STATES = ['active', 'inactive'] as const;

export class V1UpdateCodeBody extends UpdateQrCodeDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 100 })
  declare name?: string;

  @ApiPropertyOptional({ format: 'uri', maxLength: 2048 })
  declare destinationUrl?: string;

  @ApiPropertyOptional({ oneOf: [{ type: 'string', enum: [...QR_CATEGORIES] }, { type: 'null' }], description: 'null removes the category' })
  declare category?: QrCategory | null;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true, description: `${CAMPAIGN_DESCRIPTION}; null removes them` })
  declare campaign?: CampaignSettings | null;

  @ApiPropertyOptional({ ...CONTENT_INPUT_SCHEMA, description: "A content code's new page (any of the four kinds); a website code has none" })
  declare content?: CodeContent;

  @ApiPropertyOptional({ type: 'string', nullable: true, description: 'A new password, or null to remove it' })
  declare password?: string | null;

  @ApiPropertyOptional({ type: [String], maxItems: TAGS_PER_CODE_MAX, description: `Free tags: at most ${TAGS_PER_CODE_MAX}, each at most ${TAG_MAX_LENGTH} characters of letters, digits, spaces, - and _; stored trimmed and lower case. Replaces the code's tags` })
  declare tags?: string[];

  @ApiPropertyOptional({ type: 'string', format: 'uuid', nullable: true, description: 'Moves the code to one of your folders; null takes it out of its folder' })
  declare folderId?: string | null;

  @ApiPropertyOptional({
    type: 'string',
    format: 'uuid',
    nullable: true,
    description: "Moves the code's link to one of the workspace's verified custom domains (null: the default host), keeping its slug. Its printed copies stop working: once the code was scanned or downloaded, the move answers 409 unless confirmDomainMove is true",
  })
  declare domainId?: string | null;

  @ApiPropertyOptional({
    enum: [...UNIQUE_WINDOWS],
    description: "How often one visitor counts as a unique visitor in the code's analytics: once per UTC hour or once per UTC day (the default). Applies to scans from the change on",
  })
  declare uniqueWindow?: UniqueWindow;

  @ApiPropertyOptional({ description: 'Confirms moving a code that was scanned or downloaded to another domain' })
  declare confirmDomainMove?: boolean;

  /** inactive: scans get the "not active" page, the seat stays billed; active: redirects again. */
  @ApiPropertyOptional({ enum: V1_CODE_STATES, description: 'inactive: scans see the "not active" page; the seat stays billed' })
  @IsOptional()
  @IsIn(V1_CODE_STATES, { message: 'The state must be active or inactive' })
  state?: (typeof V1_CODE_STATES)[number];
}

export class V1ImageQuery extends DownloadQueryDto {
  @ApiPropertyOptional({ enum: QR_IMAGE_FORMATS, description: 'Default: png' })
  declare format?: QrImageFormat;

  @ApiPropertyOptional({ type: 'integer', minimum: QR_MIN_SIZE, maximum: QR_MAX_SIZE, description: 'Pixels (PNG) or points (SVG, PDF); default 1024' })
  declare size?: string;

  @ApiPropertyOptional({
    type: 'number',
    description: `PDF only: the printed size of the code in \`unit\` (${PRINT_LIMITS.mm.min}-${PRINT_LIMITS.mm.max} mm or ${PRINT_LIMITS.in.min}-${PRINT_LIMITS.in.max} in); the page is this plus the bleed on each side`,
    example: 50,
  })
  declare printSize?: string;

  @ApiPropertyOptional({ enum: PRINT_UNITS, description: 'Unit of printSize and bleed; default mm' })
  declare unit?: string;

  @ApiPropertyOptional({ type: 'number', description: `Bleed on each side, in \`unit\` (0-${PRINT_LIMITS.mm.bleedMax} mm or 0-${PRINT_LIMITS.in.bleedMax} in); default 0`, example: 3 })
  declare bleed?: string;

  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'Crop marks in the bleed (needs a bleed); default false' })
  declare cropMarks?: string;
}

export class V1CodeAnalyticsQuery extends AnalyticsQueryDto {
  @ApiPropertyOptional({ format: 'date', description: 'First local day; default 29 days before `to`', example: '2026-01-01' })
  declare from?: string;

  @ApiPropertyOptional({ format: 'date', description: 'Last local day, included; default today', example: '2026-01-30' })
  declare to?: string;

  @ApiPropertyOptional({ description: 'IANA time zone of the days and series; default UTC', example: 'Europe/Berlin' })
  declare tz?: string;
}

export class V1AccountAnalyticsQuery extends AccountAnalyticsQueryDto {
  @ApiPropertyOptional({ description: 'IANA time zone of the series; default UTC', example: 'Europe/Berlin' })
  declare tz?: string;
}
