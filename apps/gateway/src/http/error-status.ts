import { ErrorCode } from '@qrd/contracts';

/** The one place a service error code becomes an HTTP status. */
export function httpStatusFor(code: ErrorCode): number {
  switch (code) {
    case ErrorCode.Validation:
      return 400;
    case ErrorCode.Unauthenticated:
      return 401;
    case ErrorCode.PaymentRequired:
      return 402;
    case ErrorCode.Forbidden:
    case ErrorCode.Suspended:
      return 403;
    case ErrorCode.NotFound:
      return 404;
    case ErrorCode.Conflict:
      return 409;
    case ErrorCode.PreconditionFailed:
      return 412;
    case ErrorCode.Gone:
      return 410;
    case ErrorCode.TooLarge:
      return 413;
    case ErrorCode.PaymentFailed:
      return 402;
    case ErrorCode.RateLimited:
      return 429;
    case ErrorCode.Timeout:
      return 504;
    case ErrorCode.Unavailable:
      return 503;
    case ErrorCode.Internal:
      return 500;
    default: {
      const unreachable: never = code;
      return unreachable;
    }
  }
}
