import type { QrCodeView, QrDesignInput } from '@qrd/contracts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useProposedPreview, useSaveDesign } from '../api/qr-images';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { DesignControls } from './design-controls';
import { DesignTemplates } from './design-templates';
import { LogoField } from './logo-field';

export function designOf(code: QrCodeView): QrDesignInput {
  const { hasLogo: _hasLogo, ...design } = code.design;
  return design;
}

const same = (a: QrDesignInput, b: QrDesignInput) => JSON.stringify(a) === JSON.stringify(b);

/** Colours, style, margin and logo with a live preview; the server refuses pairs that would not scan. */
export function DesignEditor({ code }: { code: QrCodeView }) {
  const intl = useIntl();
  const saved = designOf(code);
  const [draft, setDraft] = useState<QrDesignInput>(saved);
  const settled = useDebouncedValue(draft, 300);
  const preview = useProposedPreview(code.id, settled);
  const save = useSaveDesign(code.id);
  const problem = preview.isError ? getErrorMessage(preview.error, intl.formatMessage({ id: 'codesCreate.designEditor.previewFailed', defaultMessage: 'This design cannot be previewed.' })) : null;
  const changed = !same(draft, saved);

  const submit = async () => {
    try {
      const updated = await save.mutateAsync(draft);
      setDraft(designOf(updated));
      toast({
        title: intl.formatMessage({ id: 'codesCreate.toast.updated', defaultMessage: 'QR Code Updated' }),
        description: intl.formatMessage({ id: 'codesCreate.designEditor.saved', defaultMessage: 'The new design is used for every download from now on.' }),
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'codesCreate.toast.updateError', defaultMessage: 'Error Updating QR Code' }),
        description: getErrorMessage(error, intl.formatMessage({ id: 'codesCreate.toast.tryLater', defaultMessage: 'Please try again later.' })),
      });
    }
  };

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,18rem)_1fr]">
      <div className="grid content-start gap-2">
        {preview.data ? (
          <img
            src={preview.data.dataUrl}
            alt={intl.formatMessage({ id: 'codesCreate.designEditor.previewAlt', defaultMessage: 'Preview of the design for {name}' }, { name: code.name })}
            className={`h-auto w-full rounded-md border bg-white ${preview.isFetching || problem ? 'opacity-60' : ''}`}
          />
        ) : (
          <div className="aspect-square w-full animate-pulse rounded-md border bg-muted" aria-hidden="true" />
        )}
        <p role="status" aria-live="polite" className={problem ? 'text-sm font-medium text-destructive' : 'text-xs text-muted-foreground'}>
          {problem ??
            (changed ? (
              <FormattedMessage id="codesCreate.designEditor.changed" defaultMessage="Preview of your changes (not saved yet)." />
            ) : (
              <FormattedMessage id="codesCreate.designEditor.savedState" defaultMessage="This is the saved design." />
            ))}
        </p>
        {draft.transparent && (
          <p className="text-xs text-muted-foreground">
            <FormattedMessage
              id="codesCreate.designEditor.transparent"
              defaultMessage="Shown on white: a transparent code is checked against white, so place it on a light surface."
            />
          </p>
        )}
      </div>
      <div className="grid content-start gap-6">
        <DesignControls design={draft} hasLogo={code.design.hasLogo} onChange={setDraft} />
        <LogoField codeId={code.id} hasLogo={code.design.hasLogo} />
        <DesignTemplates codeId={code.id} draft={draft} onApply={setDraft} />
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void submit()} disabled={!changed || save.isPending || Boolean(problem)}>
            {save.isPending && <Spinner />}
            <FormattedMessage id="codesCreate.designEditor.save" defaultMessage="Save design" />
          </Button>
          <Button variant="outline" onClick={() => setDraft(saved)} disabled={!changed || save.isPending}>
            <FormattedMessage id="codesCreate.designEditor.reset" defaultMessage="Reset" />
          </Button>
        </div>
      </div>
    </div>
  );
}
