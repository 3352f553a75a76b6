import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WeeklyReportSetting } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { viewerTimeZone } from './analytics';
import { analyticsKeys } from './keys';

/** GET /api/weekly-report: whether the weekly scans report is mailed. */
export function useWeeklyReport() {
  return useQuery({ queryKey: analyticsKeys.weeklyReport(), queryFn: () => api.get<WeeklyReportSetting>('/api/weekly-report') });
}

/** Turned on, the report's weeks run in the viewer's time zone (the one their charts use). */
export function useSetWeeklyReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api.put<WeeklyReportSetting>('/api/weekly-report', enabled ? { enabled, timeZone: viewerTimeZone() } : { enabled }),
    onSuccess: (setting) => queryClient.setQueryData(analyticsKeys.weeklyReport(), setting),
  });
}

/** POST /api/weekly-report/unsubscribe: the link in a report, signed in or not. */
export function useUnsubscribeWeeklyReport() {
  return useMutation({
    mutationFn: (token: string) => api.post<WeeklyReportSetting>('/api/weekly-report/unsubscribe', { token }),
  });
}
