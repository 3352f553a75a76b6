import { validate, ValidationError } from 'class-validator';

export type FieldErrors = Record<string, string>;

export interface DtoClass<T extends object> {
  new (): T;
}

/** Keeps the first message of each failing field (validation stops at a field's first failing rule). */
export function flattenValidationErrors(errors: ValidationError[], prefix = ''): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors) {
    const key = prefix ? `${prefix}.${error.property}` : error.property;
    const messages = Object.values(error.constraints ?? {});
    if (messages.length > 0) out[key] = messages[0];
    if (error.children?.length) Object.assign(out, flattenValidationErrors(error.children, key));
  }
  return out;
}

/**
 * Validates a plain object against a DTO class; the web forms and the gateway both use this,
 * so the browser and the server can never disagree on a message.
 */
export async function validateDto<T extends object>(cls: DtoClass<T>, plain: object): Promise<FieldErrors> {
  const instance = Object.assign(new cls(), plain);
  const errors = await validate(instance, { stopAtFirstError: true, forbidUnknownValues: false });
  return flattenValidationErrors(errors);
}
