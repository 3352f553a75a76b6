import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserPage, UserRole, UserStatus, UserView } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { useUser } from '../../../lib/auth';
import { isAdmin } from '../../../lib/user';
import { adminKeys } from './keys';

/** Spec section 9: admin reads retry up to 3 times. */
export const ADMIN_READ_RETRY = 3;
export const ADMIN_USERS_PAGE_SIZE = 20;

export interface AdminUsersParams {
  page: number;
  search: string;
}

/** GET /api/admin/users?page=&pageSize=&search= -> a page of users with codes, scans and plan. */
export function getAdminUsers({ page, search }: AdminUsersParams): Promise<AdminUserPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(ADMIN_USERS_PAGE_SIZE) });
  if (search.trim()) query.set('search', search.trim());
  return api.get<AdminUserPage>(`/api/admin/users?${query}`);
}

export const adminUsersQueryOptions = (params: AdminUsersParams) =>
  queryOptions({
    queryKey: adminKeys.usersPage(params.page, params.search.trim()),
    queryFn: () => getAdminUsers(params),
    retry: ADMIN_READ_RETRY,
    // Admin actions change these rows: read again on every visit, keep the old page while paging.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** Admin data is requested only for admin roles (the route guard checks too). */
export function useIsAdmin(): boolean {
  const { data: user } = useUser();
  return isAdmin(user);
}

export function useAdminUsers(params: AdminUsersParams) {
  const enabled = useIsAdmin();
  return useQuery({ ...adminUsersQueryOptions(params), enabled });
}

/** POST /api/admin/users/{id}/status {status} -> the updated user. */
export function setUserStatus(input: { id: string; status: UserStatus }): Promise<UserView> {
  return api.post<UserView>(`/api/admin/users/${encodeURIComponent(input.id)}/status`, { status: input.status });
}

/** POST /api/admin/users/{id}/role {role} -> the updated user (superadmin only). */
export function setUserRole(input: { id: string; role: UserRole }): Promise<UserView> {
  return api.post<UserView>(`/api/admin/users/${encodeURIComponent(input.id)}/role`, { role: input.role });
}

export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}

export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}

/** DELETE /api/admin/users/{id} -> 204: the account is deleted (an admin's only by a superadmin). */
export function deleteUser(input: { id: string }): Promise<void> {
  return api.delete<void>(`/api/admin/users/${encodeURIComponent(input.id)}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
