import { UpdateDomainDto, type DomainView } from '@qrd/contracts';
import { useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage, getFieldErrors } from '../../../lib/api-client';
import { validateForm } from '../../../lib/form';
import { useUpdateDomain } from '../api/domains';

type RedirectField = 'rootRedirect' | 'notFoundRedirect' | 'expiredRedirect';

const messages = defineMessages<string>({
  root: { id: 'analytics.domainRedirects.root', defaultMessage: 'Domain root' },
  rootHint: { id: 'analytics.domainRedirects.rootHint', defaultMessage: 'Where https://{host}/ goes, with no link after it.' },
  notFound: { id: 'analytics.domainRedirects.notFound', defaultMessage: 'Unknown link' },
  notFoundHint: { id: 'analytics.domainRedirects.notFoundHint', defaultMessage: 'Where a link on {host} that names no code goes.' },
  expired: { id: 'analytics.domainRedirects.expired', defaultMessage: 'Expired code' },
  expiredHint: { id: 'analytics.domainRedirects.expiredHint', defaultMessage: 'Where a scan of a code past its end date or scan limit goes.' },
  saved: { id: 'analytics.domainRedirects.saved', defaultMessage: 'Redirects saved' },
  saveFailed: { id: 'analytics.domainRedirects.saveFailed', defaultMessage: 'Failed to save the redirects' },
  tryLater: { id: 'analytics.domainList.tryLater', defaultMessage: 'Please try again later.' },
  formLabel: { id: 'analytics.domainRedirects.formLabel', defaultMessage: 'Redirects of {domain}' },
});

/** An example address in the fields (an address, not words). */
const EXAMPLE_URL = 'https://example.com';

const FIELDS: { name: RedirectField; label: MessageDescriptor; hint: MessageDescriptor }[] = [
  { name: 'rootRedirect', label: messages.root, hint: messages.rootHint },
  { name: 'notFoundRedirect', label: messages.notFound, hint: messages.notFoundHint },
  { name: 'expiredRedirect', label: messages.expired, hint: messages.expiredHint },
];

/** The three optional redirects of a domain (an empty field means our own page) and whether its answers send HSTS. */
export function DomainRedirectsForm({ domain }: { domain: DomainView }) {
  const intl = useIntl();
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
      toast({ title: intl.formatMessage(messages.saved), description: domain.unicodeHostname });
    } catch (error) {
      setErrors(getFieldErrors(error));
      toast({ variant: 'destructive', title: intl.formatMessage(messages.saveFailed), description: getErrorMessage(error, intl.formatMessage(messages.tryLater)) });
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label={intl.formatMessage(messages.formLabel, { domain: domain.unicodeHostname })}>
      <p className="text-sm text-muted-foreground">
        <FormattedMessage id="analytics.domainRedirects.optional" defaultMessage="Optional: leave a field empty to show our page instead." />
      </p>
      {FIELDS.map(({ name, label, hint }) => (
        <FormField
          key={name}
          id={idOf(name)}
          label={intl.formatMessage(label)}
          error={errors[name]}
          hint={intl.formatMessage(hint, { host: domain.unicodeHostname })}
        >
          <Input
            id={idOf(name)}
            type="url"
            inputMode="url"
            placeholder={EXAMPLE_URL}
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
          <FormattedMessage id="analytics.domainRedirects.hsts" defaultMessage="Send HSTS (Strict-Transport-Security) on this domain" />
        </label>
        <p id={`domain-${domain.id}-hsts-hint`} className="ps-6 text-xs text-muted-foreground">
          <FormattedMessage
            id="analytics.domainRedirects.hstsHint"
            defaultMessage="Once browsers have seen it they refuse plain HTTP to {domain} for a year, even if you turn it off again. Turn it on only if this name is always served over HTTPS."
            values={{ domain: domain.unicodeHostname }}
          />
        </p>
      </div>
      <Button type="submit" disabled={update.isPending} className="justify-self-start">
        {update.isPending && <Spinner />}
        <FormattedMessage id="analytics.domainRedirects.save" defaultMessage="Save redirects" />
      </Button>
    </form>
  );
}
