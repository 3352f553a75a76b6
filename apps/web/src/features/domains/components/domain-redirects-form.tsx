import { UpdateDomainDto, type DomainView } from '@qrd/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage, getFieldErrors } from '../../../lib/api-client';
import { validateForm } from '../../../lib/form';
import { useUpdateDomain } from '../api/domains';

type RedirectField = 'rootRedirect' | 'notFoundRedirect' | 'expiredRedirect';

const FIELDS: { name: RedirectField; label: string; hint: (host: string) => string }[] = [
  { name: 'rootRedirect', label: 'Domain root', hint: (host) => `Where https://${host}/ goes, with no link after it.` },
  { name: 'notFoundRedirect', label: 'Unknown link', hint: (host) => `Where a link on ${host} that names no code goes.` },
  { name: 'expiredRedirect', label: 'Expired code', hint: () => 'Where a scan of a code past its end date or scan limit goes.' },
];

/** The three optional redirects of a domain (an empty field means our own page) and whether its answers send HSTS. */
export function DomainRedirectsForm({ domain }: { domain: DomainView }) {
  const update = useUpdateDomain();
  const [values, setValues] = useState<Record<RedirectField, string>>({
    rootRedirect: domain.rootRedirect ?? '',
    notFoundRedirect: domain.notFoundRedirect ?? '',
    expiredRedirect: domain.expiredRedirect ?? '',
  });
  const [hsts, setHsts] = useState(domain.hsts);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const idOf = (name: RedirectField) => `domain-${domain.id}-${name}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const changes = Object.fromEntries(FIELDS.map(({ name }) => [name, values[name].trim() || null])) as Record<RedirectField, string | null>;
    const problems = await validateForm(UpdateDomainDto, changes);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      await update.mutateAsync({ id: domain.id, ...changes, hsts });
      toast({ title: 'Redirects saved', description: domain.unicodeHostname });
    } catch (error) {
      setErrors(getFieldErrors(error));
      toast({ variant: 'destructive', title: 'Failed to save the redirects', description: getErrorMessage(error, 'Please try again later.') });
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label={`Redirects of ${domain.unicodeHostname}`}>
      <p className="text-sm text-muted-foreground">Optional: leave a field empty to show our page instead.</p>
      {FIELDS.map(({ name, label, hint }) => (
        <FormField key={name} id={idOf(name)} label={label} error={errors[name]} hint={hint(domain.unicodeHostname)}>
          <Input
            id={idOf(name)}
            type="url"
            inputMode="url"
            placeholder="https://example.com"
            autoComplete="url"
            maxLength={2048}
            value={values[name]}
            onChange={(event) => {
              const value = event.target.value;
              setValues((current) => ({ ...current, [name]: value }));
              setErrors(({ [name]: _cleared, ...rest }) => rest);
            }}
            aria-invalid={errors[name] ? true : undefined}
            aria-describedby={errors[name] ? `${idOf(name)}-error` : `${idOf(name)}-hint`}
          />
        </FormField>
      ))}
      <div className="grid gap-1">
        <label htmlFor={`domain-${domain.id}-hsts`} className="flex items-start gap-2 text-sm font-medium">
          <input
            id={`domain-${domain.id}-hsts`}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            checked={hsts}
            onChange={(event) => setHsts(event.target.checked)}
            aria-describedby={`domain-${domain.id}-hsts-hint`}
          />
          Send HSTS (Strict-Transport-Security) on this domain
        </label>
        <p id={`domain-${domain.id}-hsts-hint`} className="pl-6 text-xs text-muted-foreground">
          Once browsers have seen it they refuse plain HTTP to {domain.unicodeHostname} for a year, even if you turn it off again. Turn it on only
          if this name is always served over HTTPS.
        </p>
      </div>
      <Button type="submit" disabled={update.isPending} className="justify-self-start">
        {update.isPending && <Spinner />}
        Save redirects
      </Button>
    </form>
  );
}
