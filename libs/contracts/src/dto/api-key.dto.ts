import { ArrayMaxSize, ArrayNotEmpty, ArrayUnique, IsArray, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';

/**
 * API keys of the public API (/api/v1). A key is `qrd_live_` followed by 32 random base62
 * characters; it is shown once, only its SHA-256 is stored, and its first characters (the prefix)
 * identify it in the account's list.
 */
export const API_KEY_PREFIX = 'qrd_live_';
export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/**
 * What a key may reach, besides read or write: codes (and their images), analytics (and the scan
 * exports), webhooks. A key made without a choice reaches all three.
 */
export const API_RESOURCE_GROUPS = ['codes', 'analytics', 'webhooks'] as const;
export type ApiResourceGroup = (typeof API_RESOURCE_GROUPS)[number];
export const API_KEY_NAME_MAX_LENGTH = 60;
/** A user keeps at most this many keys that are not revoked. */
export const API_KEY_MAX_PER_USER = 25;
/** How much of the key the list shows: the prefix and four random characters. */
export const API_KEY_VISIBLE_LENGTH = API_KEY_PREFIX.length + 4;
export const API_KEY_PATTERN = /^qrd_live_[0-9A-Za-z]{32}$/;

export const API_KEY_MESSAGES = {
  name: `Give the key a name of 1 to ${API_KEY_NAME_MAX_LENGTH} characters`,
  scope: 'The scope must be read or write',
  expiresAt: 'The expiry must be a date like 2026-12-31, in the future',
  tooMany: `You can keep at most ${API_KEY_MAX_PER_USER} API keys: revoke one you no longer use first`,
  invalid: 'This API key is not valid: check it, or create a new one in your account',
  revoked: 'This API key was revoked',
  expired: 'This API key has expired',
  missing: 'Send your API key as "Authorization: Bearer qrd_live_..."',
  readOnly: 'This API key can only read: create a key with the write scope to make changes',
  resources: 'Choose what the key may reach: one or more of codes, analytics and webhooks',
  notForResource: (group: string) => `This API key may not use ${group}: create a key that includes ${group}`,
  /** If-Match named an ETag the code no longer has: someone changed it since it was read. */
  staleVersion: 'The code has changed since you read it (If-Match does not name its current ETag): get it again and retry with the new ETag',
} as const;

export class CreateApiKeyDto {
  @IsString({ message: API_KEY_MESSAGES.name })
  @Matches(/\S/, { message: API_KEY_MESSAGES.name })
  @MinLength(1, { message: API_KEY_MESSAGES.name })
  @MaxLength(API_KEY_NAME_MAX_LENGTH, { message: API_KEY_MESSAGES.name })
  @Matches(/^[^\p{Cc}]*$/u, { message: API_KEY_MESSAGES.name })
  name!: string;

  @IsIn(API_KEY_SCOPES, { message: API_KEY_MESSAGES.scope })
  scope!: ApiKeyScope;

  /** What the key may reach; absent: everything. */
  @IsOptional()
  @IsArray({ message: API_KEY_MESSAGES.resources })
  @ArrayNotEmpty({ message: API_KEY_MESSAGES.resources })
  @ArrayMaxSize(API_RESOURCE_GROUPS.length, { message: API_KEY_MESSAGES.resources })
  @ArrayUnique({ message: API_KEY_MESSAGES.resources })
  @IsIn(API_RESOURCE_GROUPS, { each: true, message: API_KEY_MESSAGES.resources })
  resources?: ApiResourceGroup[];

  /** Last day the key works (UTC, included); absent or null: it never expires. */
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: API_KEY_MESSAGES.expiresAt })
  expiresOn?: string | null;
}

export interface ApiKeyView {
  id: string;
  name: string;
  scope: ApiKeyScope;
  resources: ApiResourceGroup[];
  /** The first characters of the key, e.g. qrd_live_a1B2, to recognise it. */
  prefix: string;
  createdAt: string;
  /** The first moment the key no longer works; null: never expires. */
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
}

/** The answer to a creation: the only time the whole key is shown. */
export interface CreatedApiKey extends ApiKeyView {
  key: string;
}

/** What the gateway needs to serve a request made with a key. */
export interface ApiKeyPrincipal {
  keyId: string;
  /** The workspace the key acts in (the owner of what it reaches). */
  userId: string;
  /** The member who made the key, who acts through it; absent in principals cached before workspaces. */
  actorId?: string;
  /** The key's name (the code history says which key made a change); absent in principals cached before it was added. */
  name?: string;
  scope: ApiKeyScope;
  resources: ApiResourceGroup[];
  expiresAt: string | null;
}

/** The moment a key made on `expiresOn` (YYYY-MM-DD, its last valid day) stops working, or null for a bad day. */
export function apiKeyExpiry(expiresOn: string): Date | null {
  const start = new Date(`${expiresOn}T00:00:00.000Z`);
  if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== expiresOn) return null;
  return new Date(start.getTime() + 24 * 3600 * 1000);
}
