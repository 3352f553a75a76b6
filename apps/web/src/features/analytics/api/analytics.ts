import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountAnalytics, CodeAnalytics, CodeComparisonPage, RecentMinutes, ScanPatterns } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { currentWorkspaceId } from '../../../lib/workspace';
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

const rangeQuery = (range: CodeRange, tz: string) => `from=${range.from}&to=${range.to}&tz=${encodeURIComponent(tz)}`;

/** GET /api/qrcodes/{id}/analytics?from=&to=&tz=&compare=previous (both days included, the viewer's calendar). */
export function getCodeAnalytics(codeId: string, range: CodeRange, tz: string): Promise<CodeAnalytics> {
  return api.get<CodeAnalytics>(`/api/qrcodes/${encodeURIComponent(codeId)}/analytics?${rangeQuery(range, tz)}&compare=previous`);
}

/** GET /api/analytics for a chosen range, with the period before it. */
export function getAccountRangeAnalytics(range: CodeRange, tz: string): Promise<AccountAnalytics> {
  return api.get<AccountAnalytics>(`/api/analytics?${rangeQuery(range, tz)}&compare=previous`);
}

/** Hour-of-week heatmap and every country: one code's, or (codeId null) the account's. */
export function getScanPatterns(codeId: string | null, range: CodeRange, tz: string): Promise<ScanPatterns> {
  const base = codeId ? `/api/qrcodes/${encodeURIComponent(codeId)}/analytics/patterns` : '/api/analytics/patterns';
  return api.get<ScanPatterns>(`${base}?${rangeQuery(range, tz)}`);
}

export type ComparisonSort = CodeComparisonPage['sort'];

export function getCodeComparison(range: CodeRange, tz: string, sort: ComparisonSort, order: 'asc' | 'desc', page: number): Promise<CodeComparisonPage> {
  return api.get<CodeComparisonPage>(`/api/analytics/codes?${rangeQuery(range, tz)}&sort=${sort}&order=${order}&page=${page}&pageSize=${COMPARISON_PAGE_SIZE}`);
}

export const COMPARISON_PAGE_SIZE = 10;

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

/** The dashboard's Analytics tab: the account in the chosen range, compared with the period before. */
export function useAccountRangeAnalytics(range: CodeRange) {
  const tz = viewerTimeZone();
  return useQuery({
    queryKey: analyticsKeys.accountRange(range.from, range.to, tz),
    queryFn: () => getAccountRangeAnalytics(range, tz),
    placeholderData: (previous) => previous,
    ...live,
  });
}

export function useScanPatterns(codeId: string | null, range: CodeRange) {
  const tz = viewerTimeZone();
  return useQuery({
    queryKey: analyticsKeys.patterns(codeId, range.from, range.to, tz),
    queryFn: () => getScanPatterns(codeId, range, tz),
    placeholderData: (previous) => previous,
    ...live,
  });
}

export function useCodeComparison(range: CodeRange, sort: ComparisonSort, order: 'asc' | 'desc', page: number) {
  const tz = viewerTimeZone();
  return useQuery({
    queryKey: analyticsKeys.codes(range.from, range.to, tz, sort, order, page),
    queryFn: () => getCodeComparison(range, tz, sort, order, page),
    placeholderData: (previous) => previous,
    ...live,
  });
}

/** A link (or an EventSource) sends no workspace header: a shared workspace is named in the address. */
function inWorkspace(path: string): string {
  const workspace = currentWorkspaceId();
  return workspace ? `${path}?${new URLSearchParams({ workspace })}` : path;
}

export function scansCsvUrl(codeId: string): string {
  return inWorkspace(`/api/qrcodes/${encodeURIComponent(codeId)}/scans.csv`);
}

/** The code's scans as they are stored (Server-Sent Events, `scans` events of LiveScan arrays). */
export function liveScansUrl(codeId: string): string {
  return inWorkspace(`/api/qrcodes/${encodeURIComponent(codeId)}/live`);
}

/** GET /api/qrcodes/:id/analytics/recent: the last 30 minutes, minute by minute. */
export function getRecentMinutes(codeId: string): Promise<RecentMinutes> {
  return api.get<RecentMinutes>(`/api/qrcodes/${encodeURIComponent(codeId)}/analytics/recent`);
}
