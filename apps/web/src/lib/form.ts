import { validateDto, type DtoClass, type FieldErrors } from '@qrd/contracts';
import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { serverText } from '../i18n/server-text';
import { getFieldErrors } from './api-client';

/**
 * Forms validate with the same class-validator DTOs as the gateway, so the browser shows exactly
 * the server's messages (in the shown language). Returns field name -> first message; empty when
 * the values are valid.
 */
export async function validateForm<T extends object>(dto: DtoClass<T>, values: object): Promise<FieldErrors> {
  const errors = await validateDto(dto, values);
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, serverText(message)]));
}

type Values = Record<string, string>;

interface DtoFormOptions<V extends Values> {
  /** Extra values that are validated but are not inputs (a reset token, a billing interval). */
  extra?: () => Record<string, unknown>;
  /** Prefix of the inputs' ids, so two forms on one page never share an id. */
  idPrefix?: string;
  onSubmit: (values: V) => Promise<void> | void;
}

/**
 * Form state for a DTO-backed form: values, client messages (live after the first submit) and
 * server messages (`fields` of an error body) that clear as soon as their input changes.
 */
export function useDtoForm<V extends Values>(dto: DtoClass<object>, initialValues: V, options: DtoFormOptions<V>) {
  const [values, setValues] = useState<V>(initialValues);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const validation = useRef(0);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const runValidation = useCallback(
    async (next: V) => {
      const run = ++validation.current;
      const errors = await validateForm(dto, { ...next, ...optionsRef.current.extra?.() });
      if (run === validation.current) setClientErrors(errors);
      return errors;
    },
    [dto],
  );

  const setValue = useCallback(
    (name: keyof V & string, value: string) => {
      const next = { ...values, [name]: value };
      setValues(next);
      if (submitted) void runValidation(next);
      setServerErrors((previous) => {
        if (!(name in previous)) return previous;
        const { [name]: _removed, ...rest } = previous;
        return rest;
      });
    },
    [runValidation, submitted, values],
  );

  const handleSubmit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      if (isSubmitting) return;
      setSubmitted(true);
      const errors = await runValidation(values);
      if (Object.keys(errors).length > 0) return;
      setSubmitting(true);
      try {
        await optionsRef.current.onSubmit(values);
      } finally {
        setSubmitting(false);
      }
    },
    [isSubmitting, runValidation, values],
  );

  /** Shows the server's per-field messages of a failed request under the matching inputs. */
  const setErrorsFromResponse = useCallback((error: unknown) => setServerErrors(getFieldErrors(error)), []);

  const reset = useCallback((next: V) => {
    validation.current++;
    setValues(next);
    setClientErrors({});
    setServerErrors({});
    setSubmitted(false);
  }, []);

  const errors: FieldErrors = { ...serverErrors, ...clientErrors };

  const fieldId = (name: keyof V & string) => `${options.idPrefix ?? ''}${name}`;

  /** Props for an <Input>: value, change handler and the ARIA links to its message. */
  const inputProps = (name: keyof V & string) => ({
    id: fieldId(name),
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${fieldId(name)}-error` : undefined,
  });

  return { values, setValue, errors, isSubmitting, handleSubmit, setErrorsFromResponse, reset, inputProps, fieldId };
}
