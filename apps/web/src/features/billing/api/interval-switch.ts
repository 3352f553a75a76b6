import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BillingInterval,
  IntervalSwitchPreviewView,
  IntervalSwitchResultView,
  SubscriptionView,
  SwitchTiming,
} from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { billingKeys } from './keys';

/** GET /api/subscription/switch-preview -> what switching now costs, priced by the server. */
export function getSwitchPreview(interval: BillingInterval): Promise<IntervalSwitchPreviewView> {
  return api.get<IntervalSwitchPreviewView>(`/api/subscription/switch-preview?interval=${interval}`);
}

/** POST /api/subscription/switch: now (charged at once) or at the period end. */
export function switchInterval(input: { interval: BillingInterval; when: SwitchTiming }): Promise<IntervalSwitchResultView> {
  return api.post<IntervalSwitchResultView>('/api/subscription/switch', input);
}

/** DELETE /api/subscription/switch: keeps the current interval after the period end. */
export function cancelIntervalSwitch(): Promise<SubscriptionView> {
  return api.delete<SubscriptionView>('/api/subscription/switch');
}

/** Prorations move with the clock: a preview is read fresh each time the dialog opens. */
export const switchPreviewQueryOptions = (interval: BillingInterval) =>
  queryOptions({ queryKey: billingKeys.switchPreview(interval), queryFn: () => getSwitchPreview(interval), staleTime: 0, gcTime: 0 });

export function useSwitchPreview(interval: BillingInterval, enabled: boolean) {
  return useQuery({ ...switchPreviewQueryOptions(interval), enabled });
}

export function useSwitchInterval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchInterval,
    onSuccess: async (result) => {
      queryClient.setQueryData(billingKeys.subscription(), result.subscription);
      // A switch now is charged and invoiced.
      await queryClient.invalidateQueries({ queryKey: billingKeys.invoices() });
    },
  });
}

export function useCancelIntervalSwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelIntervalSwitch,
    onSuccess: (subscription) => queryClient.setQueryData(billingKeys.subscription(), subscription),
  });
}
