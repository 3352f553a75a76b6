import type { CodeContent, ContentFileView, QrCodeView, StoredContent } from '@qrd/contracts';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage, getFieldErrors } from '../../../lib/api-client';
import { useUpdateQrCode } from '../api/qr-codes';
import { contentToSend, draftProblems, editableContent } from '../lib/content-draft';
import { ContentEditor } from './content-editor';

/** The Edit content tab of a hosted page: saved changes show on the page at once; the printed code stays the same. */
export function EditContentForm({ code, content, onSaved }: { code: QrCodeView; content: StoredContent; onSaved: () => void }) {
  const intl = useIntl();
  const update = useUpdateQrCode(code.id);
  const [name, setName] = useState(code.name);
  const [draft, setDraft] = useState<CodeContent>(() => editableContent(content));
  const [files, setFiles] = useState<Record<string, ContentFileView>>(content.files ?? {});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempted, setAttempted] = useState(false);
  const shown = { ...errors, ...(attempted ? draftProblems(draft) : {}) };

  const save = async () => {
    setAttempted(true);
    if (Object.keys(draftProblems(draft)).length > 0 || name.trim() === '') return;
    try {
      await update.mutateAsync({ name: name.trim(), content: contentToSend(draft) });
    } catch (error) {
      const fields = getFieldErrors(error);
      setErrors(Object.fromEntries(Object.entries(fields).filter(([k]) => k.startsWith('content.')).map(([k, v]) => [k.slice(8), v])));
      toast({ variant: 'destructive', title: intl.formatMessage({ id: 'codesCreate.toast.updateError', defaultMessage: 'Error Updating QR Code' }), description: getErrorMessage(error, intl.formatMessage({ id: 'codesCreate.toast.updateFallback', defaultMessage: 'Something went wrong while updating your QR code.' })) });
      return;
    }
    toast({ title: intl.formatMessage({ id: 'codesCreate.toast.updated', defaultMessage: 'QR Code Updated' }), description: intl.formatMessage({ id: 'codesCreate.editContent.saved', defaultMessage: 'The page shows your changes now. The printed code stays the same.' }) });
    onSaved();
  };

  return (
    <form
      noValidate
      className="grid min-w-0 gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <FormField
        id="edit-name"
        label={intl.formatMessage({ id: 'codesCreate.form.nameLabel', defaultMessage: 'Name' })}
        error={attempted && name.trim() === '' ? intl.formatMessage({ id: 'codesCreate.editContent.nameRequired', defaultMessage: 'Name is required' }) : undefined}
      >
        <Input id="edit-name" value={name} onChange={(event) => setName(event.target.value)} maxLength={120} autoComplete="off" />
      </FormField>
      <ContentEditor
        value={draft}
        onChange={(next) => {
          setDraft(next);
          setErrors({});
        }}
        errors={shown}
        files={files}
        onFile={(file) => setFiles((known) => ({ ...known, [file.id]: file }))}
        idPrefix="edit-"
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <Spinner />}
          {update.isPending ? (
            <FormattedMessage id="codesCreate.common.saving" defaultMessage="Saving..." />
          ) : (
            <FormattedMessage id="codesCreate.editContent.save" defaultMessage="Save page" />
          )}
        </Button>
        <Button asChild variant="outline">
          <a href={code.destinationUrl} target="_blank" rel="noreferrer">
            <ExternalLink className="rtl:-scale-x-100" aria-hidden="true" /> <FormattedMessage id="codesCreate.editContent.open" defaultMessage="Open the page" />
          </a>
        </Button>
      </div>
    </form>
  );
}
