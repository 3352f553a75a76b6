import type { DomainView } from '@qrd/contracts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useDeleteDomain } from '../api/domains';

/** Asks before removing a domain; a refusal (codes still use it) is shown in the dialog. */
export function RemoveDomainDialog({ domain, onClose }: { domain: DomainView | null; onClose: () => void }) {
  const intl = useIntl();
  const remove = useDeleteDomain();
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };

  const confirm = async () => {
    if (!domain) return;
    try {
      await remove.mutateAsync(domain.id);
      toast({ title: intl.formatMessage({ id: 'analytics.removeDomain.removed', defaultMessage: 'Domain removed' }), description: domain.unicodeHostname });
      close();
    } catch (error) {
      setRefusal(getErrorMessage(error, intl.formatMessage({ id: 'analytics.removeDomain.failed', defaultMessage: 'The domain could not be removed. Please try again later.' })));
    }
  };

  return (
    <Dialog open={domain !== null} onOpenChange={(open) => !open && !remove.isPending && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="break-all">
            <FormattedMessage id="analytics.removeDomain.title" defaultMessage="Remove {domain}?" values={{ domain: domain?.unicodeHostname ?? '' }} />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage
              id="analytics.removeDomain.description"
              defaultMessage="New codes can no longer use it, and a visit to it no longer reaches us. You can add it again later, with new DNS records to check."
            />
          </DialogDescription>
        </DialogHeader>
        {refusal && (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
            {refusal}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={remove.isPending}>
            <FormattedMessage id="analytics.removeDomain.cancel" defaultMessage="Cancel" />
          </Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => void confirm()}>
            {remove.isPending && <Spinner />}
            <FormattedMessage id="analytics.removeDomain.confirm" defaultMessage="Remove domain" />
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
