import { validate, ValidationError } from 'class-validator';

export type FieldErrors = Record<string, string>;

export interface DtoClass<T extends object> {
  new (): T;
}

/**
 * A rule that checks a whole structure (the campaign settings) names the failing parts itself:
 * its `context.fieldErrors` gives their messages by path inside the value ('' for the value itself).
 */
export interface NestedFieldErrorsContext {
  fieldErrors(value: unknown): FieldErrors;
}

function nestedFieldErrors(error: ValidationError): FieldErrors | null {
  if (!error.constraints || !('value' in error)) return null;
  for (const name of Object.keys(error.constraints)) {
    const context = error.contexts?.[name] as Partial<NestedFieldErrorsContext> | undefined;
    if (typeof context?.fieldErrors !== 'function') continue;
    const found = context.fieldErrors(error.value);
    if (Object.keys(found).length > 0) return found;
  }
  return null;
}

/**
 * Keeps one message per failing field: the rule written first on the property. class-validator
 * runs a property's decorators bottom-up and records constraints in that order, so the rule
 * written first is the last one recorded.
 */
export function flattenValidationErrors(errors: ValidationError[], prefix = ''): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors) {
    const key = prefix ? `${prefix}.${error.property}` : error.property;
    const nested = nestedFieldErrors(error);
    if (nested) {
      for (const [path, message] of Object.entries(nested)) out[path ? `${key}.${path}` : key] = message;
      continue;
    }
    const messages = Object.values(error.constraints ?? {});
    if (messages.length > 0) out[key] = messages[messages.length - 1];
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
  const errors = await validate(instance, { forbidUnknownValues: false });
  return flattenValidationErrors(errors);
}
