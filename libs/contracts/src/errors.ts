/**
 * Error codes a service may answer with. The gateway maps each to one HTTP status
 * (apps/gateway/src/http/error-status.ts); services never speak HTTP.
 */
export enum ErrorCode {
  Validation = 'VALIDATION',
  Unauthenticated = 'UNAUTHENTICATED',
  Forbidden = 'FORBIDDEN',
  NotFound = 'NOT_FOUND',
  Conflict = 'CONFLICT',
  /** A conditional request (If-Match) named a version that is no longer the current one. */
  PreconditionFailed = 'PRECONDITION_FAILED',
  PaymentRequired = 'PAYMENT_REQUIRED',
  PaymentFailed = 'PAYMENT_FAILED',
  Suspended = 'SUSPENDED',
  RateLimited = 'RATE_LIMITED',
  Gone = 'GONE',
  /** An upload larger than its route allows. */
  TooLarge = 'TOO_LARGE',
  Timeout = 'TIMEOUT',
  Unavailable = 'UNAVAILABLE',
  Internal = 'INTERNAL',
}

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** Field name -> first message, for form errors. */
  fields?: Record<string, string>;
}

/** A failure the caller can act on; travels between services as {code, message, fields}. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) };
  }

  static fromBody(body: ErrorBody): DomainError {
    return new DomainError(body.code, body.message, body.fields);
  }
}

/** Whether a parsed body is an error in our {code, message} shape (e.g. from an internal route). */
export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).code === 'string' &&
    typeof (value as ErrorBody).message === 'string'
  );
}

/** What every front door answers (with 400, as nginx does) to a path no server can decode. */
export const MALFORMED_URL_MESSAGE = 'Bad request: the address has a "%" that is not followed by two hexadecimal digits.';

/** A "%" in the path (the query is the application's to read) without two hex digits after it. */
export function hasMalformedPercentEncoding(url: string): boolean {
  const end = url.search(/[?#]/);
  return /%(?![0-9A-Fa-f]{2})/.test(end < 0 ? url : url.slice(0, end));
}
