import { useMutation } from '@tanstack/react-query';
import type { ReportReason } from '@qrd/contracts';
import { api } from '../../../lib/api-client';

export interface ReportInput {
  code: string;
  reason: ReportReason;
  details: string;
  email: string;
}

/** POST /api/reports {code, reason, details, email} -> 202 {message}: no sign-in needed, limited per address. */
export function sendReport(input: ReportInput): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/reports', input);
}

export function useSendReport() {
  return useMutation({ mutationFn: sendReport });
}
