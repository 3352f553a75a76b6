import { ValidationPipe } from '@nestjs/common';
import { DomainError, ErrorCode, flattenValidationErrors } from '@qrd/contracts';

/**
 * Bodies and queries are checked against the DTOs of libs/contracts (the same ones the web forms
 * use); unknown fields are refused. The first failing field's message becomes the error message.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: false,
    transform: true,
    // Values stay in the errors for rules that name the failing parts of a structure; none is sent back.
    validationError: { target: false, value: true },
    exceptionFactory: (errors) => {
      const fields = flattenValidationErrors(errors);
      const unknown = errors.find((e) => e.constraints?.whitelistValidation);
      const message = unknown ? `Unknown field "${unknown.property}"` : (Object.values(fields)[0] ?? 'Invalid request');
      return new DomainError(ErrorCode.Validation, message, fields);
    },
  });
}
