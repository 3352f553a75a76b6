import type { ReportStatus } from '@qrd/contracts';

/** The abuse queue's cached answers; every admin action invalidates `abuseKeys.all`. */
export const abuseKeys = {
  all: ['abuse'] as const,
  reports: (status: ReportStatus, page: number) => [...abuseKeys.all, 'reports', status, page] as const,
};
