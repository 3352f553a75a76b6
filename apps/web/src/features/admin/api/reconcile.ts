import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReconcileReport } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** POST /api/admin/reconcile -> every service's checks, run now (seats, redirect table, outbox). */
export function reconcileNow(): Promise<ReconcileReport> {
  return api.post<ReconcileReport>('/api/admin/reconcile');
}

/** Runs the checks; repaired seats change the revenue figures, so those are read again. */
export function useReconcileNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reconcileNow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.revenue() }),
  });
}
