/** The request as pino-http's standard serializer hands it over. */
interface LoggedRequest {
  id?: unknown;
  method?: string;
  url?: string;
  headers?: Record<string, unknown>;
  remoteAddress?: string;
  remotePort?: number;
}

const SECRET_HEADERS = new Set(['cookie', 'authorization', 'stripe-signature', 'x-csrf-token', 'x-internal-token']);
/** Reset tokens travel in the path of GET /api/password-reset/{token}. */
const TOKEN_IN_PATH = /^(\/api\/password-reset\/)(?!request(?:[/?]|$)|confirm(?:[/?]|$))[^/?]+/;

/** Request log lines without what would let a log reader act as the user: cookies, tokens. */
export function logSafeRequest(req: LoggedRequest): LoggedRequest {
  const headers = Object.fromEntries(
    Object.entries(req.headers ?? {}).filter(([name]) => !SECRET_HEADERS.has(name.toLowerCase())),
  );
  return {
    id: req.id,
    method: req.method,
    url: req.url?.replace(TOKEN_IN_PATH, '$1[token]'),
    headers,
    remoteAddress: req.remoteAddress,
    remotePort: req.remotePort,
  };
}

/** The response as pino-http's standard serializer hands it over. */
interface LoggedResponse {
  statusCode?: number;
  headers?: Record<string, unknown>;
}

/** Response log lines without Set-Cookie: it carries the new session of a login or signup. */
export function logSafeResponse(res: LoggedResponse): LoggedResponse {
  const headers = Object.fromEntries(Object.entries(res.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'set-cookie'));
  return { statusCode: res.statusCode, headers };
}
