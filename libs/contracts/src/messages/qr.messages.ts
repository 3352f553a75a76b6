/** Requests the qr-service answers. The qr-service team adds its own patterns here. */
export enum QrPattern {
  /** Redirect-service cache miss: load a slug from PostgreSQL and refill the Redis redirect table. */
  ResolveSlug = 'qr.resolve-slug',
  /** How many codes a user has (billing's "seats used"). */
  CountCodes = 'qr.count-codes',
  /** Codes and scans per user, for the admin user table. */
  UserStats = 'qr.user-stats',
}

export interface RedirectEntry {
  codeId: string;
  /** Destination URL, or null when the code is not redirecting. */
  destination: string | null;
  state: 'active' | 'deactivated' | 'suspended';
}

export interface QrRequests {
  [QrPattern.ResolveSlug]: { req: { slug: string }; res: RedirectEntry | null };
  [QrPattern.CountCodes]: { req: { userId: string }; res: { count: number } };
  [QrPattern.UserStats]: {
    req: { userIds: string[] };
    res: Record<string, { codes: number; scans: number }>;
  };
}
