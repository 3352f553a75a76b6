import { useQuery } from '@tanstack/react-query';
import type { AccountAnalytics, CodeAnalytics } from '@qrd/contracts';
import { api } from '../../../lib/api-client';

/** The viewer's time zone: days and hours of every chart are theirs. */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Scans arrive all the time: these figures are re-read when a screen shows them again. */
const live = { staleTime: 0, refetchOnMount: 'always' as const };

export const accountAnalyticsKey = (tz: string) => ['analytics', 'account', tz] as const;

/** GET /api/analytics -> totalScans, lastMonth, qrCodes, lastScan and the breakdowns. */
export function useAccountAnalytics() {
  const tz = viewerTimeZone();
  return useQuery({
    queryKey: accountAnalyticsKey(tz),
    queryFn: () => api.get<AccountAnalytics>(`/api/analytics?tz=${encodeURIComponent(tz)}`),
    ...live,
  });
}

export interface CodeRange {
  from: string;
  to: string;
}

/** GET /api/qrcodes/{id}/analytics?from=&to=&tz= (both days included, the viewer's calendar). */
export function useCodeAnalytics(codeId: string, range: CodeRange) {
  const tz = viewerTimeZone();
  return useQuery({
    queryKey: ['analytics', 'code', codeId, range.from, range.to, tz],
    queryFn: () =>
      api.get<CodeAnalytics>(
        `/api/qrcodes/${encodeURIComponent(codeId)}/analytics?from=${range.from}&to=${range.to}&tz=${encodeURIComponent(tz)}`,
      ),
    placeholderData: (previous) => previous,
    ...live,
  });
}

export function scansCsvUrl(codeId: string): string {
  return `/api/qrcodes/${encodeURIComponent(codeId)}/scans.csv`;
}
