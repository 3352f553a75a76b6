/** Every cached analytics answer; `analyticsKeys.all` refreshes them all after a change to a code. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  account: (tz: string) => [...analyticsKeys.all, 'account', tz] as const,
  code: (codeId: string, from: string, to: string, tz: string) => [...analyticsKeys.all, 'code', codeId, from, to, tz] as const,
  accountRange: (from: string, to: string, tz: string) => [...analyticsKeys.all, 'account-range', from, to, tz] as const,
  patterns: (codeId: string | null, from: string, to: string, tz: string) => [...analyticsKeys.all, 'patterns', codeId, from, to, tz] as const,
  codes: (from: string, to: string, tz: string, sort: string, order: string, page: number) =>
    [...analyticsKeys.all, 'codes', from, to, tz, sort, order, page] as const,
  recent: (codeId: string) => [...analyticsKeys.all, 'recent', codeId] as const,
  settings: () => [...analyticsKeys.all, 'settings'] as const,
  /** Whether the weekly scans report is mailed (under all, like the figures it reports). */
  weeklyReport: () => [...analyticsKeys.all, 'weekly-report'] as const,
};
