import type { QrCodeView } from '@qrd/contracts';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { NativeSelect } from '../../../components/ui/native-select';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage, getFieldErrors, isApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/auth';
import { useVerifiedDomains } from '../../domains';
import { useUpdateQrCode } from '../api/qr-codes';

/** The select's value while the code is on a domain that is no longer verified (it cannot be chosen again). */
const CURRENT = 'current';

/**
 * The domain of the code's link and, for members who change codes of a workspace with a verified
 * custom domain, a move to another one (the slug stays). Once the code was scanned or downloaded
 * the server asks for a confirmation (409): its printed copies stop working.
 */
export function CodeDomain({ code }: { code: QrCodeView }) {
  // Hosted pages stay on the default host: their codes are not offered a move, nor ask for the domains.
  const intl = useIntl();
  const movable = useCan('codes.write') && !code.content;
  const domains = useVerifiedDomains(movable);
  const update = useUpdateQrCode(code.id);
  const current = domains.find((domain) => domain.hostname === code.domain);
  const initial = current?.id ?? (code.domain ? CURRENT : '');
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<string | null>(null);
  const value = choice ?? initial;
  const target = domains.find((domain) => domain.id === value);
  const defaultHost = window.location.host;
  const defaultName = (host: string) => intl.formatMessage({ id: 'codesCreate.form.defaultDomain', defaultMessage: '{host} (default)' }, { host });
  const shownName = current?.unicodeHostname ?? code.domain ?? defaultName(safeHost(code.shortUrl) ?? defaultHost);

  const move = async (confirmDomainMove: boolean) => {
    try {
      const moved = await update.mutateAsync({ domainId: target?.id ?? null, ...(confirmDomainMove ? { confirmDomainMove } : {}) });
      setChoice(null);
      setConfirming(null);
      toast({
        title: intl.formatMessage({ id: 'codesCreate.domain.changedTitle', defaultMessage: 'Domain changed' }),
        description: intl.formatMessage({ id: 'codesCreate.domain.changedDescription', defaultMessage: "The code's link is now {link}" }, { link: moved.shortUrl }),
      });
    } catch (failure) {
      if (!confirmDomainMove && isApiError(failure, 409)) {
        setConfirming(
          getErrorMessage(
            failure,
            intl.formatMessage(
              { id: 'codesCreate.domain.confirmFallback', defaultMessage: 'Printed copies of {link} stop working if the code moves. Confirm the move to go ahead.' },
              { link: code.shortUrl },
            ),
          ),
        );
        return;
      }
      const message = getFieldErrors(failure).domainId ?? getErrorMessage(failure, intl.formatMessage({ id: 'codesCreate.domain.changeFailed', defaultMessage: 'The domain could not be changed. Please try again later.' }));
      setConfirming(null);
      setError(message);
      toast({ variant: 'destructive', title: intl.formatMessage({ id: 'codesCreate.domain.failedTitle', defaultMessage: 'Failed to change the domain' }), description: message });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!update.isPending && value !== initial) void move(false);
  };

  return (
    <div className="grid gap-3">
      <p className="text-sm">
        <FormattedMessage
          id="codesCreate.domain.current"
          defaultMessage="<label>Domain:</label> {name}"
          values={{ label: (chunks) => <span className="font-medium">{chunks}</span>, name: <span className="break-all">{shownName}</span> }}
        />
      </p>
      {movable && domains.length > 0 && (
        <form noValidate onSubmit={submit} className="grid gap-2">
          <FormField
            id="code-domain"
            label={intl.formatMessage({ id: 'codesCreate.domain.change', defaultMessage: 'Change domain' })}
            error={error}
            hint={intl.formatMessage(
              { id: 'codesCreate.domain.changeHint', defaultMessage: 'The link keeps its ending: {link}. Printed copies of the old link stop working.' },
              { link: target ? `https://${target.unicodeHostname}/${code.slug}` : value === CURRENT ? code.shortUrl : `${window.location.origin}/r/${code.slug}` },
            )}
          >
            <div className="flex flex-wrap gap-2">
              <NativeSelect
                id="code-domain"
                value={value}
                onChange={(event) => {
                  setChoice(event.target.value);
                  setError(undefined);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'code-domain-error' : 'code-domain-hint'}
                className="min-w-0 flex-1"
              >
                {initial === CURRENT && (
                  <option value={CURRENT} disabled>
                    {intl.formatMessage({ id: 'codesCreate.domain.notVerified', defaultMessage: '{host} (not verified)' }, { host: code.domain })}
                  </option>
                )}
                <option value="">{defaultName(defaultHost)}</option>
                {domains.map((domain) => (
                  <option key={domain.id} value={domain.id}>
                    {domain.unicodeHostname}
                  </option>
                ))}
              </NativeSelect>
              <Button type="submit" variant="outline" disabled={update.isPending || value === initial}>
                {update.isPending && !confirming && <Spinner />}
                <FormattedMessage id="codesCreate.domain.save" defaultMessage="Save domain" />
              </Button>
            </div>
          </FormField>
        </form>
      )}
      <Dialog open={confirming !== null} onOpenChange={(open) => !open && !update.isPending && setConfirming(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle className="break-all">
              <FormattedMessage id="codesCreate.domain.confirmTitle" defaultMessage="Move this code to {host}?" values={{ host: target?.unicodeHostname ?? defaultHost }} />
            </DialogTitle>
            <DialogDescription>{confirming}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(null)} disabled={update.isPending}>
              <FormattedMessage id="codesCreate.common.cancel" defaultMessage="Cancel" />
            </Button>
            <Button variant="destructive" disabled={update.isPending} onClick={() => void move(true)}>
              {update.isPending && <Spinner />}
              <FormattedMessage id="codesCreate.domain.moveAnyway" defaultMessage="Move anyway" />
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function safeHost(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
