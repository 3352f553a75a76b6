/** Every cached analytics answer; `analyticsKeys.all` refreshes them all after a change to a code. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  account: (tz: string) => [...analyticsKeys.all, 'account', tz] as const,
  code: (codeId: string, from: string, to: string, tz: string) => [...analyticsKeys.all, 'code', codeId, from, to, tz] as const,
};
