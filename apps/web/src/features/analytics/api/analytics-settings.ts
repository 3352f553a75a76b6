import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalyticsSettingsView } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { analyticsKeys } from './keys';

/** GET /api/analytics/settings: the workspace's EU privacy mode. */
export function useAnalyticsSettings() {
  return useQuery({ queryKey: analyticsKeys.settings(), queryFn: () => api.get<AnalyticsSettingsView>('/api/analytics/settings') });
}

/** PUT /api/analytics/settings (owners and admins). */
export function useSaveAnalyticsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (euPrivacy: boolean) => api.put<AnalyticsSettingsView>('/api/analytics/settings', { euPrivacy }),
    onSuccess: (settings) => queryClient.setQueryData(analyticsKeys.settings(), settings),
  });
}
