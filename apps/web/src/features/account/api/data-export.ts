import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataExportView, LatestDataExport } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { dataExportKeys } from './keys';

/** While an export is being built its progress is asked for this often. */
export const PROGRESS_POLL_MS = 2000;

/** GET /api/account/data-export -> {export}: the latest export (null before the first). */
export function getLatestDataExport(): Promise<LatestDataExport> {
  return api.get<LatestDataExport>('/api/account/data-export');
}

/** POST /api/account/data-export -> 202 and the export (the one already being built, if any). */
export function startDataExport(): Promise<DataExportView> {
  return api.post<DataExportView>('/api/account/data-export');
}

export function isBuilding(exported: DataExportView | null | undefined): boolean {
  return exported?.status === 'queued' || exported?.status === 'running';
}

export const latestDataExportQueryOptions = () =>
  queryOptions({
    queryKey: dataExportKeys.latest(),
    queryFn: getLatestDataExport,
    refetchInterval: (query) => (isBuilding(query.state.data?.export) ? PROGRESS_POLL_MS : false),
  });

export function useLatestDataExport() {
  return useQuery(latestDataExportQueryOptions());
}

export function useStartDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startDataExport,
    onSuccess: (started) => queryClient.setQueryData<LatestDataExport>(dataExportKeys.latest(), { export: started }),
  });
}
