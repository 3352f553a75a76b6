import { DOMAIN_MESSAGES, type DomainView } from '@qrd/contracts';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage, getFieldErrors } from '../../../lib/api-client';
import { useCreateDomain } from '../api/domains';

/** An example host name in the field (a name, not words). */
const EXAMPLE_HOST = 'qr.example.com';

/** What was typed, without a pasted address's scheme, path or trailing dot: "https://qr.example.com/x" is qr.example.com. */
export function hostnameOf(typed: string): string {
  return typed
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.$/, '');
}

/** The domain's name; the server checks it (IDNA, public suffixes, our own host) and answers its problem under the field. */
export function AddDomainForm({ onAdded }: { onAdded?: (domain: DomainView) => void }) {
  const intl = useIntl();
  const create = useCreateDomain();
  const [hostname, setHostname] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const name = hostnameOf(hostname);
    if (!name) {
      setError(DOMAIN_MESSAGES.required);
      return;
    }
    setError(undefined);
    try {
      const added = await create.mutateAsync({ hostname: name });
      setHostname('');
      onAdded?.(added);
    } catch (failure) {
      setError(getFieldErrors(failure).hostname ?? getErrorMessage(failure, intl.formatMessage({ id: 'analytics.addDomain.failed', defaultMessage: 'The domain could not be added. Please try again later.' })));
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
      <FormField
        id="domain-hostname"
        label={intl.formatMessage({ id: 'analytics.addDomain.label', defaultMessage: 'Domain name' })}
        error={error}
        hint={intl.formatMessage({ id: 'analytics.addDomain.hint', defaultMessage: 'A subdomain you own and use for nothing else, such as qr.example.com.' })}
      >
        <Input
          id="domain-hostname"
          value={hostname}
          onChange={(event) => {
            setHostname(event.target.value);
            setError(undefined);
          }}
          placeholder={EXAMPLE_HOST}
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={300}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'domain-hostname-error' : 'domain-hostname-hint'}
        />
      </FormField>
      <Button type="submit" disabled={create.isPending} className="sm:mt-7">
        {create.isPending && <Spinner />}
        {create.isPending ? (
          <FormattedMessage id="analytics.addDomain.adding" defaultMessage="Adding…" />
        ) : (
          <FormattedMessage id="analytics.addDomain.add" defaultMessage="Add domain" />
        )}
      </Button>
    </form>
  );
}
