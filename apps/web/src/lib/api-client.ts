import { takeEarlyResponse } from './early-data';
import { currentWorkspaceId, workspaceHeaders } from './workspace';
import { serverText } from '../i18n/server-text';

/**
 * The one HTTP client of the app. Same-origin requests with the session cookie, JSON both ways.
 * Any non-2xx answer raises an ApiError whose message is "<status>: <body text or statusText>"
 * (spec section 8); getErrorMessage/getFieldErrors read the server's {code, message, fields} body.
 */

export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
  }
}

/** Builds the spec's error from a failed response (reads the body). */
export async function toApiError(response: Response): Promise<ApiError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // A body that cannot be read is reported with the status text instead.
  }
  return new ApiError(response.status, response.statusText, text);
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The JSON body behind an error: an ApiError's body, or the part of an Error message after "<status>: ". */
function errorBody(error: unknown): Record<string, unknown> | undefined {
  let text: string | undefined;
  if (error instanceof ApiError) text = error.bodyText;
  else if (error instanceof Error) text = /^\d{3}: ([\s\S]*)$/.exec(error.message)?.[1];
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The server's `message` for a toast, or the fallback (network failures, HTML error pages...). */
export function getErrorMessage(error: unknown, fallback: string): string {
  const message = errorBody(error)?.message;
  if (typeof message === 'string' && message.trim()) return serverText(message);
  if (Array.isArray(message) && typeof message[0] === 'string') return serverText(message[0]);
  return fallback;
}

/** The server's per-field messages (`fields`), to show under the matching inputs. */
export function getFieldErrors(error: unknown): Record<string, string> {
  const fields = errorBody(error)?.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) if (typeof value === 'string') out[key] = serverText(value);
  return out;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /** POST with a file as the raw body, sent with the file's own content type; JSON answer. */
  upload<T>(path: string, file: Blob, options?: Pick<RequestOptions, 'signal'>): Promise<T>;
  /** GET a binary answer (a download). */
  getBlob(path: string, options?: Pick<RequestOptions, 'signal'>): Promise<Blob>;
}

/** `baseUrl` is empty in the browser (same origin); tests point it at a local server. */
export function createApiClient(baseUrl = ''): ApiClient {
  async function send(method: Method, path: string, init: Pick<RequestInit, 'headers' | 'body' | 'signal'>): Promise<Response> {
    const ask = () => fetch(`${baseUrl}${path}`, { ...init, method, credentials: 'include' });
    // The first GET of an address index.html already asked for takes that answer (or asks again if
    // it failed); index.html asks in the personal workspace only.
    const early = method === 'GET' && !baseUrl && !currentWorkspaceId() ? takeEarlyResponse(path) : null;
    const response = early ? await early.catch(ask) : await ask();
    if (!response.ok) throw await toApiError(response);
    return response;
  }

  async function readJson<T>(response: Response): Promise<T> {
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    if (!text) return undefined as T;
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    return (isJson ? JSON.parse(text) : text) as T;
  }

  async function request<T>(method: Method, path: string, { body, signal, headers: extra }: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...workspaceHeaders(), ...extra };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await send(method, path, {
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    return readJson<T>(response);
  }

  return {
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    patch: (path, body, options) => request('PATCH', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
    upload: async (path, file, options) => {
      const headers = { 'Content-Type': file.type || 'application/octet-stream', Accept: 'application/json', ...workspaceHeaders() };
      return readJson(await send('POST', path, { headers, body: file, signal: options?.signal }));
    },
    getBlob: async (path, options) => (await send('GET', path, { headers: workspaceHeaders(), signal: options?.signal })).blob(),
  };
}

export const api = createApiClient();
