import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AbuseReportPage, AbuseReportView, ReportedCodeView, ReportStatus } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { abuseKeys } from './keys';

/** GET /api/admin/reports?status&page -> newest first, each with the code it names as it is now. */
export function getReports(status: ReportStatus, page: number): Promise<AbuseReportPage> {
  return api.get<AbuseReportPage>(`/api/admin/reports?${new URLSearchParams({ status, page: String(page) })}`);
}

export function reportsQueryOptions(status: ReportStatus, page: number) {
  return queryOptions({
    queryKey: abuseKeys.reports(status, page),
    queryFn: () => getReports(status, page),
    placeholderData: keepPreviousData,
    retry: 3,
  });
}

export function useReports(status: ReportStatus, page: number) {
  return useQuery(reportsQueryOptions(status, page));
}

function useAbuseMutation<T, A>(mutationFn: (args: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: abuseKeys.all }) });
}

/** POST /api/admin/reports/:id/status {status}: resolve or reopen a report. */
export function useSetReportStatus() {
  return useAbuseMutation(({ id, status }: { id: string; status: ReportStatus }) =>
    api.post<AbuseReportView>(`/api/admin/reports/${encodeURIComponent(id)}/status`, { status }),
  );
}

/** POST /api/admin/codes/:slug/takedown {reason}: the code answers a "disabled" page (451); its owner is mailed. */
export function useTakeDown() {
  return useAbuseMutation(({ slug, reason }: { slug: string; reason: string }) =>
    api.post<ReportedCodeView>(`/api/admin/codes/${encodeURIComponent(slug)}/takedown`, { reason }),
  );
}

/** POST /api/admin/codes/:slug/restore: the code redirects again. */
export function useRestore() {
  return useAbuseMutation(({ slug }: { slug: string }) => api.post<ReportedCodeView>(`/api/admin/codes/${encodeURIComponent(slug)}/restore`));
}
