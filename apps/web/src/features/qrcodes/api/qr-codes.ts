import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { CodePage, CreateQrCodeDto, QrCodeView, SlugAvailability, UpdateQrCodeDto } from '@qrd/contracts';
import { api, isApiError } from '../../../lib/api-client';
// A change to a code changes the account's figures and, for a deletion, its seats: those caches
// belong to the analytics and billing features, so they are named through their key factories.
import { analyticsKeys } from '../../analytics';
import { billingKeys } from '../../billing';
import type { CodeListFilters } from '../lib/code-list';
import { codeKeys } from './keys';

const codePath = (id: string) => `/api/qrcodes/${encodeURIComponent(id)}`;

export const CODE_PAGE_SIZE = 50;
/**
 * The first page is smaller: it fills a large screen (8 rows of 3 cards) and comes back and renders
 * sooner; scrolling brings the next ones CODE_PAGE_SIZE at a time. public/early-data.js asks for the
 * dashboard's first page with this size before the app's scripts have run.
 */
export const FIRST_PAGE_SIZE = 24;

/** GET /api/qrcodes?limit=1 -> how many codes the user has (the page's total; no list is sent). */
export function getCodeCount(): Promise<number> {
  return api.get<CodePage<QrCodeView>>('/api/qrcodes?limit=1').then((page) => page.total);
}

/** GET /api/qrcodes?limit&sort&order[&q][&state][&category][&tag][&folder][&cursor] -> {items, nextCursor, total}. */
export function getCodePage(filters: CodeListFilters, cursor: string | null, signal?: AbortSignal): Promise<CodePage<QrCodeView>> {
  const params = new URLSearchParams({ limit: String(cursor ? CODE_PAGE_SIZE : FIRST_PAGE_SIZE), sort: filters.sort, order: filters.order });
  if (filters.q) params.set('q', filters.q);
  if (filters.state !== 'all') params.set('state', filters.state);
  if (filters.category !== 'all') params.set('category', filters.category);
  if (filters.tag !== 'all') params.set('tag', filters.tag);
  if (filters.folder !== 'all') params.set('folder', filters.folder);
  if (cursor) params.set('cursor', cursor);
  return api.get<CodePage<QrCodeView>>(`/api/qrcodes?${params}`, { signal });
}

/** GET /api/qrcodes/{id}; 404 when it is missing or someone else's. */
export function getCode(id: string): Promise<QrCodeView> {
  return api.get<QrCodeView>(codePath(id));
}

/** POST /api/qrcodes {name, destinationUrl, category?} -> 201 and the new code. */
export function createCode(input: CreateQrCodeDto): Promise<QrCodeView> {
  return api.post<QrCodeView>('/api/qrcodes', input);
}

/** GET /api/qrcodes/slug-availability?slug= -> whether a custom short link can be taken now, and why not. */
export function getSlugAvailability(slug: string, signal?: AbortSignal, domainId = ''): Promise<SlugAvailability> {
  const query = new URLSearchParams(domainId ? { slug, domainId } : { slug });
  return api.get<SlugAvailability>(`/api/qrcodes/slug-availability?${query}`, { signal });
}

/** `domainId`: the custom domain the link will be on ('' for the default host), whose namespace is asked. */
export function slugAvailabilityQuery(slug: string, domainId = '') {
  return queryOptions({
    queryKey: codeKeys.slugAvailability(slug, domainId),
    queryFn: ({ signal }) => getSlugAvailability(slug, signal, domainId),
    enabled: slug.length > 0,
    staleTime: 10_000,
    retry: false,
  });
}

/** PATCH /api/qrcodes/{id} -> the updated code. */
export function updateCode(id: string, input: UpdateQrCodeDto): Promise<QrCodeView> {
  return api.patch<QrCodeView>(codePath(id), input);
}

/** POST /api/qrcodes/{id}/activate|deactivate: a deactivated code shows scanners the "not active" page. */
export function setCodeActive({ id, active }: { id: string; active: boolean }): Promise<QrCodeView> {
  return api.post<QrCodeView>(`${codePath(id)}/${active ? 'activate' : 'deactivate'}`);
}

/** DELETE /api/qrcodes/{id} -> 204: the code and its analytics go; its seat is free for another code until the period ends. */
export function deleteCode(id: string): Promise<void> {
  return api.delete<void>(codePath(id));
}

/** How many codes the user has (under lists: any change of a code refreshes it). */
export const codeCountQueryOptions = () => queryOptions({ queryKey: codeKeys.count(), queryFn: getCodeCount });

/** The dashboard's list, one page after another (the server searches, sorts and filters). */
export const codePagesQueryOptions = (filters: CodeListFilters) =>
  infiniteQueryOptions({
    queryKey: codeKeys.pages(filters),
    queryFn: ({ pageParam, signal }) => getCodePage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** A 404 (missing, or someone else's) is not retried. */
export const codeQueryOptions = (id: string) =>
  queryOptions({ queryKey: codeKeys.detail(id), queryFn: () => getCode(id), retry: false });

export function useCodeCount() {
  return useQuery(codeCountQueryOptions());
}

/** While a new search or sort loads, the previous results stay on screen. */
export function useCodePages(filters: CodeListFilters) {
  return useInfiniteQuery({ ...codePagesQueryOptions(filters), placeholderData: keepPreviousData });
}

export function useQrCode(id: string) {
  return useQuery(codeQueryOptions(id));
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error, 404);
}

/** After any change the server's answer is the new code: cache it, and refresh the lists and figures. */
function codeChanged(queryClient: QueryClient, code: QrCodeView) {
  queryClient.setQueryData(codeKeys.detail(code.id), code);
  void queryClient.invalidateQueries({ queryKey: codeKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: codeKeys.history(code.id) });
  void queryClient.invalidateQueries({ queryKey: codeKeys.activities() });
  void queryClient.invalidateQueries({ queryKey: analyticsKeys.all });
}

export function useCreateQrCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCode, onSuccess: (code) => codeChanged(queryClient, code) });
}

export function useUpdateQrCode(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateQrCodeDto) => updateCode(id, input),
    onSuccess: (code) => {
      codeChanged(queryClient, code);
      // Spec section 4: after a URL update the cached preview is cleared so it is fetched again.
      queryClient.removeQueries({ queryKey: codeKeys.previews(id) });
    },
  });
}

export function useSetCodeActive() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setCodeActive, onSuccess: (code) => codeChanged(queryClient, code) });
}

export function useDeleteQrCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCode,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: codeKeys.code(id) });
      void queryClient.invalidateQueries({ queryKey: codeKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: codeKeys.activities() });
      void queryClient.invalidateQueries({ queryKey: analyticsKeys.all });
      void queryClient.invalidateQueries({ queryKey: billingKeys.subscription() });
    },
  });
}
