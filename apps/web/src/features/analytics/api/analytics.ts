import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountAnalytics, CodeAnalytics } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { analyticsKeys } from './keys';

/** The viewer's time zone: days and hours of every chart are theirs. */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export interface CodeRange {
  from: string;
  to: string;
}

/** GET /api/analytics?tz= -> totalScans, lastMonth, qrCodes, lastScan and the breakdowns. */
export function getAccountAnalytics(tz: string): Promise<AccountAnalytics> {
  return api.get<AccountAnalytics>(`/api/analytics?tz=${encodeURIComponent(tz)}`);
}

/** GET /api/qrcodes/{id}/analytics?from=&to=&tz= (both days included, the viewer's calendar). */
export function getCodeAnalytics(codeId: string, range: CodeRange, tz: string): Promise<CodeAnalytics> {
  return api.get<CodeAnalytics>(
    `/api/qrcodes/${encodeURIComponent(codeId)}/analytics?from=${range.from}&to=${range.to}&tz=${encodeURIComponent(tz)}`,
  );
}

/** Scans arrive all the time: these figures are re-read when a screen shows them again. */
const live = { staleTime: 0, refetchOnMount: 'always' as const };

export const accountAnalyticsQueryOptions = (tz: string) =>
  queryOptions({ queryKey: analyticsKeys.account(tz), queryFn: () => getAccountAnalytics(tz), ...live });

export const codeAnalyticsQueryOptions = (codeId: string, range: CodeRange, tz: string) =>
  queryOptions({
    queryKey: analyticsKeys.code(codeId, range.from, range.to, tz),
    queryFn: () => getCodeAnalytics(codeId, range, tz),
    placeholderData: (previous) => previous,
    ...live,
  });

/** The dashboard's Analytics and Recent Activity tabs and the account's Analytics tab share this read. */
export function useAccountAnalytics() {
  return useQuery(accountAnalyticsQueryOptions(viewerTimeZone()));
}

export function useCodeAnalytics(codeId: string, range: CodeRange) {
  return useQuery(codeAnalyticsQueryOptions(codeId, range, viewerTimeZone()));
}

export function scansCsvUrl(codeId: string): string {
  return `/api/qrcodes/${encodeURIComponent(codeId)}/scans.csv`;
}
