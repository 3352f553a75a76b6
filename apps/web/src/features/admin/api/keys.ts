/** The back office's cached answers; every user action invalidates `adminKeys.users()`. */
export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  usersPage: (page: number, search: string) => [...adminKeys.users(), page, search] as const,
  workspacesPage: (page: number, search: string, sharedOnly: boolean) => [...adminKeys.all, 'workspaces', page, search, sharedOnly] as const,
  revenue: () => [...adminKeys.all, 'revenue'] as const,
  codeOverview: () => [...adminKeys.all, 'qr-codes'] as const,
  pageVisits: () => [...adminKeys.all, 'page-visits'] as const,
  /** Every workspace's custom domains. */
  domains: () => [...adminKeys.all, 'domains'] as const,
};
