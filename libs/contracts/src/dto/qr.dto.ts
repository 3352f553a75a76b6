import { IsBoolean, IsIn, IsOptional, IsString, registerDecorator, ValidateIf, ValidationOptions } from 'class-validator';
import { IsCampaignSettings, type CampaignSettings } from './campaign.dto';
import { IsCodePassword } from './code-password.dto';
import { IsCustomSlug } from './custom-slug.dto';
import { IsFolderRef, IsTags, isUuid } from './organise.dto';

/** A custom domain given by its id (null: the default host). */
const IsDomainRef = () => checkedBy('domainId', (v) => (v === null || isUuid(v) ? null : 'The domain must be given by its id'));
import { IsCodeContent, type CodeContent } from './content.dto';
import { codeNameProblem, destinationProblem, QR_MESSAGES } from './code-fields';
import { isUniqueWindow, UNIQUE_WINDOW_MESSAGE, type UniqueWindow } from './unique-window';

/** Spec sections 3 and 5, DESIGN section 7; shared by the gateway's validation pipe and the web forms. */
export const QR_CATEGORIES = [
  'business',
  'event',
  'product',
  'restaurant',
  'retail',
  'real-estate',
  'healthcare',
  'education',
  'personal',
  'other',
] as const;
export type QrCategory = (typeof QR_CATEGORIES)[number];

export const QR_CODE_STATES = ['active', 'deactivated', 'suspended'] as const;
export type QrCodeState = (typeof QR_CODE_STATES)[number];


export const QR_DOT_STYLES = ['square', 'rounded', 'dots'] as const;
export type QrDotStyle = (typeof QR_DOT_STYLES)[number];
/** Finder "eyes": null in a design means they follow the dot style. */
export const QR_EYE_STYLES = ['square', 'rounded', 'circle'] as const;
export type QrEyeStyle = (typeof QR_EYE_STYLES)[number];
/** label: the call to action below the code; border: a frame around it with the text in a banner. */
export const QR_FRAME_STYLES = ['none', 'label', 'border'] as const;
export type QrFrameStyle = (typeof QR_FRAME_STYLES)[number];
export const QR_FRAME_TEXT_MAX_LENGTH = 24;
/** A frame's text and border need room: this much quiet zone at least. */
export const QR_FRAME_MIN_MARGIN = 2;
export const QR_ERROR_CORRECTION_LEVELS = ['L', 'M', 'Q', 'H'] as const;
export type QrErrorCorrection = (typeof QR_ERROR_CORRECTION_LEVELS)[number];
export const QR_IMAGE_FORMATS = ['png', 'svg', 'pdf'] as const;
export type QrImageFormat = (typeof QR_IMAGE_FORMATS)[number];
export const QR_MIN_SIZE = 128;
export const QR_MAX_SIZE = 4096;
export const QR_MIN_MARGIN = 0;
export const QR_MAX_MARGIN = 10;
/** Uploads larger than this are refused before they reach the qr-service. */
export const QR_LOGO_MAX_BYTES = 1024 * 1024;
export const QR_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** A class-validator rule whose message is whatever `check` says is wrong. */
function checkedBy(name: string, check: (value: unknown) => string | null, options?: ValidationOptions) {
  return (target: object, propertyName: string) => {
    registerDecorator({
      name,
      target: target.constructor,
      propertyName,
      options: { ...options, message: (args) => check(args.value) ?? 'Invalid value' },
      validator: { validate: (value: unknown) => check(value) === null },
    });
  };
}

/** A linear gradient of the dark modules: from the foreground to `to`, at `angle` degrees (0: left to right, 90: top to bottom). */
export interface QrGradient {
  to: string;
  angle: number;
}

export const QR_DESIGN_MESSAGES = {
  eyeStyle: 'The eye style must be square, rounded or circle',
  eyeColour: 'The eye colour must be a hex colour like #1a2b3c',
  gradient: 'The gradient needs a second colour like #1a2b3c and an angle from 0 to 359 degrees',
  transparent: 'Transparent background must be true or false',
  frame: 'The frame must be none, label or border',
  frameText: `The frame text must be 1 to ${QR_FRAME_TEXT_MAX_LENGTH} characters`,
  frameTextCharacters: 'The frame text can use Latin letters, digits, spaces and common punctuation only',
  frameMargin: `A frame needs a margin of at least ${QR_FRAME_MIN_MARGIN} modules between it and the code`,
  logoTarget:
    'The logo looks like a target (rings around a centre), which scanners mistake for one of the code\'s corner squares: use a version without the rings, or one set on a plain shape',
} as const;

/** Printable Latin-1: what every output (SVG, PNG, and the PDF's standard font) can draw. */
const FRAME_TEXT = /^[\x20-\x7E\u00A0-\u00FF]+$/;

/** Why a frame text is refused, or null. */
export function frameTextProblem(value: unknown): string | null {
  if (typeof value !== 'string') return QR_DESIGN_MESSAGES.frameText;
  const text = value.trim();
  if (text.length === 0 || text.length > QR_FRAME_TEXT_MAX_LENGTH) return QR_DESIGN_MESSAGES.frameText;
  if (!FRAME_TEXT.test(text)) return QR_DESIGN_MESSAGES.frameTextCharacters;
  return null;
}

/** Why a gradient is refused, or null (contrast is the qr-service's to check). */
export function gradientProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return QR_DESIGN_MESSAGES.gradient;
  const { to, angle, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return QR_DESIGN_MESSAGES.gradient;
  if (typeof to !== 'string' || !HEX_COLOUR.test(to)) return QR_DESIGN_MESSAGES.gradient;
  if (typeof angle !== 'number' || !Number.isInteger(angle) || angle < 0 || angle > 359) return QR_DESIGN_MESSAGES.gradient;
  return null;
}

const colourProblem = (value: unknown): string | null =>
  typeof value === 'string' && HEX_COLOUR.test(value) ? null : QR_MESSAGES.colour;

export class CreateQrCodeDto {
  @checkedBy('codeName', codeNameProblem)
  name!: string;

  /** Required for a website code; a content code has none (its page is ours). */
  @ValidateIf((dto: CreateQrCodeDto) => dto.content === undefined || dto.destinationUrl !== undefined)
  @checkedBy('destinationUrl', destinationProblem)
  destinationUrl?: string;

  /** A page we host instead of a website (contact card, link list, file, Wi-Fi). */
  @IsOptional()
  @IsCodeContent()
  content?: CodeContent;

  @IsOptional()
  @IsIn(QR_CATEGORIES, { message: QR_MESSAGES.category })
  category?: QrCategory;

  /** A short link of the owner's choosing instead of a generated one (it can never change). */
  @IsOptional()
  @IsCustomSlug()
  slug?: string;

  /** Pass-through, schedule, expiry and scan limit, routing rules, A/B split. */
  @IsOptional()
  @IsCampaignSettings()
  campaign?: CampaignSettings;

  /** Scanners give it before the redirect (stored as an argon2 hash). */
  @IsOptional()
  @IsCodePassword()
  password?: string;

  /** Free tags (normalised: trimmed, lower case; at most TAGS_PER_CODE_MAX). */
  @IsOptional()
  @IsTags()
  tags?: string[];

  /** One of the owner's folders. */
  @IsOptional()
  @IsFolderRef()
  folderId?: string | null;

  /** One of the account's saved design templates: the new code starts with its design. */
  @IsOptional()
  @IsString({ message: 'The design template must be given by its id' })
  designTemplateId?: string;

  /** One of the workspace's verified custom domains for the code's link (absent or null: the default host). */
  @IsOptional()
  @IsDomainRef()
  domainId?: string | null;

  /** How often one visitor counts as unique in the code's analytics (absent: once a day). */
  @IsOptional()
  @checkedBy('uniqueWindow', (v) => (isUniqueWindow(v) ? null : UNIQUE_WINDOW_MESSAGE))
  uniqueWindow?: UniqueWindow;
}

/** PATCH: any subset; the spec's edit screen sends only destinationUrl. */
export class UpdateQrCodeDto {
  @IsOptional()
  @checkedBy('codeName', codeNameProblem)
  name?: string;

  @IsOptional()
  @checkedBy('destinationUrl', destinationProblem)
  destinationUrl?: string;

  @IsOptional()
  @IsIn([...QR_CATEGORIES, null], { message: QR_MESSAGES.category })
  category?: QrCategory | null;

  @IsOptional()
  @IsCampaignSettings()
  campaign?: CampaignSettings | null;

  /** A content code's new content (of any content type). */
  @IsOptional()
  @IsCodeContent()
  content?: CodeContent;

  /** A new password, or null to remove it. */
  @IsOptional()
  @IsCodePassword()
  password?: string | null;

  /** The code's whole list of tags (replaces the previous one). */
  @IsOptional()
  @IsTags()
  tags?: string[];

  /** Moves the code to one of the owner's folders; null takes it out of its folder. */
  @IsOptional()
  @IsFolderRef()
  folderId?: string | null;

  /**
   * Moves the code's link to one of the workspace's verified custom domains (null: the default
   * host). Its printed copies then no longer work: once it has been scanned or downloaded, the move
   * needs confirmDomainMove: true.
   */
  @IsOptional()
  @IsDomainRef()
  domainId?: string | null;

  @IsOptional()
  @IsBoolean({ message: 'confirmDomainMove must be true or false' })
  confirmDomainMove?: boolean;

  /** How often one visitor counts as a unique visitor of the code: once per hour or per day (from now on). */
  @ValidateIf((_dto, value) => value !== undefined)
  @checkedBy('uniqueWindow', (v) => (isUniqueWindow(v) ? null : UNIQUE_WINDOW_MESSAGE))
  uniqueWindow?: UniqueWindow;
}

/** A design without its logo (the logo is uploaded on its own); contrast is checked by the qr-service. */
export class QrDesignDto {
  @checkedBy('colour', colourProblem)
  foreground!: string;

  @checkedBy('colour', colourProblem)
  background!: string;

  @IsIn(QR_ERROR_CORRECTION_LEVELS, { message: 'Error correction must be L, M, Q or H' })
  errorCorrection!: QrErrorCorrection;

  @checkedBy('margin', (v) =>
    typeof v === 'number' && Number.isInteger(v) && v >= QR_MIN_MARGIN && v <= QR_MAX_MARGIN
      ? null
      : `The margin must be a whole number from ${QR_MIN_MARGIN} to ${QR_MAX_MARGIN}`,
  )
  margin!: number;

  @IsIn(QR_DOT_STYLES, { message: 'The dot style must be square, rounded or dots' })
  dotStyle!: QrDotStyle;

  /** Missing or null: the eyes follow the dot style. */
  @IsOptional()
  @IsIn(QR_EYE_STYLES, { message: QR_DESIGN_MESSAGES.eyeStyle })
  eyeStyle?: QrEyeStyle | null;

  /** Missing or null: the eyes take the foreground. */
  @IsOptional()
  @checkedBy('colour', (v) => (v === null ? null : colourProblem(v) && QR_DESIGN_MESSAGES.eyeColour))
  eyeColour?: string | null;

  /** Missing or null: a solid foreground. */
  @IsOptional()
  @checkedBy('gradient', (v) => (v === null ? null : gradientProblem(v)))
  gradient?: QrGradient | null;

  @IsOptional()
  @IsBoolean({ message: QR_DESIGN_MESSAGES.transparent })
  transparent?: boolean;

  @IsOptional()
  @IsIn(QR_FRAME_STYLES, { message: QR_DESIGN_MESSAGES.frame })
  frame?: QrFrameStyle;

  @IsOptional()
  @checkedBy('frameText', frameTextProblem)
  frameText?: string;
}

const SIZE_MESSAGE = `The size must be a whole number of pixels from ${QR_MIN_SIZE} to ${QR_MAX_SIZE}`;

/** A whole number from a query string ("512") or a body (512), or null. */
export function wholeNumber(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) ? n : null;
}

function inRange(min: number, max: number, message: string) {
  return (value: unknown): string | null => {
    const n = wholeNumber(value);
    return n !== null && n >= min && n <= max ? null : message;
  };
}

export class DownloadQueryDto {
  @IsOptional()
  @IsIn(QR_IMAGE_FORMATS, { message: 'The format must be png, svg or pdf' })
  format?: QrImageFormat;

  /** Text in a query string; the gateway converts it with wholeNumber once it passed. */
  @IsOptional()
  @checkedBy('size', inRange(QR_MIN_SIZE, QR_MAX_SIZE, SIZE_MESSAGE))
  size?: string;

  /** PDF for print (see printLayout): the code's size, in `unit` (mm by default). */
  @IsOptional()
  @IsString({ message: 'The print size must be a number' })
  printSize?: string;

  @IsOptional()
  @IsString({ message: 'The unit must be mm or in' })
  unit?: string;

  /** Added on each side of the print size. */
  @IsOptional()
  @IsString({ message: 'The bleed must be a number' })
  bleed?: string;

  @IsOptional()
  @IsString({ message: 'Crop marks must be true or false' })
  cropMarks?: string;
}

export const ANALYTICS_DATE = /^\d{4}-\d{2}-\d{2}$/;

export class AnalyticsQueryDto {
  /** First local day (YYYY-MM-DD) in `tz`; default 29 days before `to`. */
  @IsOptional()
  @checkedBy('day', (v) => (typeof v === 'string' && ANALYTICS_DATE.test(v) ? null : 'Dates must look like 2025-01-31'))
  from?: string;

  /** Last local day, included; default today in `tz`. */
  @IsOptional()
  @checkedBy('day', (v) => (typeof v === 'string' && ANALYTICS_DATE.test(v) ? null : 'Dates must look like 2025-01-31'))
  to?: string;

  /** IANA time zone of the viewer, e.g. Europe/Berlin; default UTC. */
  @IsOptional()
  @checkedBy('timeZone', (v) => (typeof v === 'string' && v.length > 0 && v.length <= 64 ? null : 'Unknown time zone'))
  tz?: string;

  /** `previous`: also the figures of the period of the same length just before. */
  @IsOptional()
  @checkedBy('compare', (v) => (v === 'previous' ? null : 'compare must be "previous"'))
  compare?: string;
}

export class AccountAnalyticsQueryDto extends AnalyticsQueryDto {}

export const CODE_COMPARISON_SORTS = ['scans', 'uniqueScans', 'change', 'name'] as const;
export type CodeComparisonSort = (typeof CODE_COMPARISON_SORTS)[number];

/** GET /api/analytics/codes: the range as for analytics, then the table's order and page. */
export class CodeComparisonQueryDto extends AnalyticsQueryDto {
  @IsOptional()
  @checkedBy('sort', (v) => ((CODE_COMPARISON_SORTS as readonly unknown[]).includes(v) ? null : 'Sort by scans, uniqueScans, change or name'))
  sort?: string;

  @IsOptional()
  @checkedBy('order', (v) => (v === 'asc' || v === 'desc' ? null : 'The order must be asc or desc'))
  order?: string;

  @IsOptional()
  @checkedBy('page', inRange(1, 1_000_000, 'The page must be a whole number from 1'))
  page?: string;

  @IsOptional()
  @checkedBy('pageSize', inRange(1, 100, 'The page size must be a whole number from 1 to 100'))
  pageSize?: string;
}

export class PageQueryDto {
  @IsOptional()
  @checkedBy('page', inRange(1, 1_000_000, 'The page must be a whole number from 1'))
  page?: string;

  @IsOptional()
  @checkedBy('pageSize', inRange(1, 100, 'The page size must be a whole number from 1 to 100'))
  pageSize?: string;
}
