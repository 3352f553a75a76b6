import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminQrOverview, RevenueSummaryView } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { ADMIN_READ_RETRY, useIsAdmin } from './admin-users';
import { adminKeys } from './keys';

/** Fresh figures on every visit; retried like every admin read. */
const adminRead = { retry: ADMIN_READ_RETRY, staleTime: 0 } as const;

/** GET /api/admin/revenue -> the billing-service's summary (DESIGN.md section 6, spec section 9). */
export const revenueQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.revenue(),
    queryFn: () => api.get<RevenueSummaryView>('/api/admin/revenue'),
    ...adminRead,
  });

/** The code figures the overview shows; `scansToday` only when the qr-service reports it. */
export interface CodeOverview {
  total: number;
  totalScans: number | null;
  scansLast30Days: number | null;
  scansToday: number | null;
  /** Scans the ingestor set aside (could not be stored); null when not reported. */
  deadLetteredScans: number | null;
}

/** Reads either the qr-service's overview or a bare list (the spec's "only count used"). */
export function toCodeOverview(body: AdminQrOverview | unknown[]): CodeOverview {
  if (Array.isArray(body)) return { total: body.length, totalScans: null, scansLast30Days: null, scansToday: null, deadLetteredScans: null };
  const today = (body as AdminQrOverview & { scansToday?: unknown }).scansToday;
  return {
    total: body.total,
    totalScans: body.totalScans,
    scansLast30Days: body.scansLast30Days,
    scansToday: typeof today === 'number' ? today : null,
    deadLetteredScans: typeof body.deadLetteredScans === 'number' ? body.deadLetteredScans : null,
  };
}

/** GET /api/admin/qr-codes -> every code's count and scan totals (only the totals are used, so one row is asked for). */
export const codeOverviewQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.codeOverview(),
    queryFn: async () => toCodeOverview(await api.get<AdminQrOverview | unknown[]>('/api/admin/qr-codes?pageSize=1')),
    ...adminRead,
  });

/** GET /api/admin/page-visits -> page path -> views. */
export const pageVisitsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.pageVisits(),
    queryFn: () => api.get<Record<string, number>>('/api/admin/page-visits'),
    ...adminRead,
  });

export function useRevenue() {
  return useQuery({ ...revenueQueryOptions(), enabled: useIsAdmin() });
}

export function useCodeOverview() {
  return useQuery({ ...codeOverviewQueryOptions(), enabled: useIsAdmin() });
}

export function usePageVisitCounts() {
  return useQuery({ ...pageVisitsQueryOptions(), enabled: useIsAdmin() });
}
