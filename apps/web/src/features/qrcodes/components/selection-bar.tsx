import { BULK_MAX_IDS, TAG_MAX_LENGTH, tagProblem } from '@qrd/contracts';
import { type ReactNode, useId, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useDesignTemplates } from '../api/design-templates';
import { type BulkRequest, useBulkAction, useFolders } from '../api/organise';
import { ArchiveDialog } from './archive-dialog';
import { BulkDeleteDialog } from './bulk-delete-dialog';

interface SelectionBarProps {
  selected: string[];
  /** Codes loaded in the list (what "Select all" takes). */
  loaded: number;
  onSelectAll: () => void;
  onClear: () => void;
}

const selectClass =
  'h-9 rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none';

const DONE: Record<BulkRequest['action'], MessageDescriptor> = defineMessages({
  activate: { id: 'codesList.bulk.done.activate', defaultMessage: '{count, plural, one {# QR code activated} other {# QR codes activated}}' },
  deactivate: { id: 'codesList.bulk.done.deactivate', defaultMessage: '{count, plural, one {# QR code deactivated} other {# QR codes deactivated}}' },
  delete: { id: 'codesList.bulk.done.delete', defaultMessage: '{count, plural, one {# QR code deleted} other {# QR codes deleted}}' },
  tag: { id: 'codesList.bulk.done.tag', defaultMessage: '{count, plural, one {# QR code updated} other {# QR codes updated}}' },
  folder: { id: 'codesList.bulk.done.folder', defaultMessage: '{count, plural, one {# QR code moved} other {# QR codes moved}}' },
  'design-template': {
    id: 'codesList.bulk.done.designTemplate',
    defaultMessage: '{count, plural, one {# QR code given the new design} other {# QR codes given the new design}}',
  },
});

/**
 * What can be done to the chosen codes at once: activate, deactivate, tag, move to a folder, apply
 * a design template, delete (after a confirmation that explains the seats) and download as one ZIP.
 */
export function SelectionBar({ selected, loaded, onSelectAll, onClear }: SelectionBarProps) {
  const intl = useIntl();
  const bulk = useBulkAction();
  const folders = useFolders();
  const templates = useDesignTemplates();
  const [tag, setTag] = useState('');
  const [tagError, setTagError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [archive, setArchive] = useState(false);
  const tagId = useId();
  const templateHintId = useId();
  const count = selected.length;
  const tooMany = count > BULK_MAX_IDS;

  const run = async (request: BulkRequest): Promise<boolean> => {
    try {
      const result = await bulk.mutateAsync(request);
      toast({ title: intl.formatMessage(DONE[request.action], { count: result.changed }) });
      return true;
    } catch (error) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'codesList.bulk.failedTitle', defaultMessage: 'Nothing was changed' }),
        description: getErrorMessage(error, intl.formatMessage({ id: 'codesList.bulk.failedDescription', defaultMessage: 'Please try again later.' })),
      });
      return false;
    }
  };

  const tagAction = (operation: 'add' | 'remove') => {
    const problem = tagProblem(tag);
    setTagError(problem);
    if (problem) return;
    void run({ action: 'tag', ids: selected, tag, operation }).then((ok) => ok && setTag(''));
  };

  const busy = bulk.isPending;
  return (
    <section aria-label={intl.formatMessage({ id: 'codesList.bulk.region', defaultMessage: 'Selected QR codes' })} className="sticky top-2 z-10 grid gap-3 rounded-lg border bg-card p-3 shadow-sm">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium" aria-live="polite">
          <FormattedMessage id="codesList.bulk.selected" defaultMessage="{count, number} selected" values={{ count }} />
        </span>
        {count < loaded && (
          <Button variant="ghost" size="sm" onClick={onSelectAll}>
            <FormattedMessage id="codesList.bulk.selectAll" defaultMessage="Select all {count, number} shown" values={{ count: loaded }} />
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={onClear}>
          <FormattedMessage id="codesList.bulk.clear" defaultMessage="Clear selection" />
        </Button>
        {busy && <Spinner aria-label={intl.formatMessage({ id: 'codesList.bulk.working', defaultMessage: 'Working' })} />}
      </div>
      {tooMany && (
        <p role="alert" className="text-sm text-destructive">
          <FormattedMessage
            id="codesList.bulk.tooMany"
            defaultMessage="Choose at most {max, plural, one {# code} other {# codes}} for one action."
            values={{ max: BULK_MAX_IDS }}
          />
        </p>
      )}
      <fieldset className="flex flex-wrap items-end gap-2" disabled={busy || tooMany}>
        <legend className="sr-only">
          <FormattedMessage id="codesList.bulk.actions" defaultMessage="Actions on the selected codes" />
        </legend>
        <Button variant="outline" size="sm" onClick={() => void run({ action: 'activate', ids: selected })}>
          <FormattedMessage id="codesList.bulk.activate" defaultMessage="Activate" />
        </Button>
        <Button variant="outline" size="sm" onClick={() => void run({ action: 'deactivate', ids: selected })}>
          <FormattedMessage id="codesList.bulk.deactivate" defaultMessage="Deactivate" />
        </Button>
        <div className="flex flex-wrap items-center gap-1">
          <label htmlFor={tagId} className="sr-only">
            <FormattedMessage id="codesList.bulk.tag" defaultMessage="Tag" />
          </label>
          <Input
            id={tagId}
            value={tag}
            maxLength={TAG_MAX_LENGTH + 8}
            placeholder={intl.formatMessage({ id: 'codesList.bulk.tag', defaultMessage: 'Tag' })}
            className="h-9 w-32"
            aria-invalid={tagError !== null}
            aria-describedby={tagError ? `${tagId}-error` : undefined}
            onChange={(event) => {
              setTag(event.target.value);
              setTagError(null);
            }}
            onKeyDown={(event) => event.key === 'Enter' && tagAction('add')}
          />
          <Button variant="outline" size="sm" onClick={() => tagAction('add')}>
            <FormattedMessage id="codesList.bulk.addTag" defaultMessage="Add tag" />
          </Button>
          <Button variant="outline" size="sm" onClick={() => tagAction('remove')}>
            <FormattedMessage id="codesList.bulk.removeTag" defaultMessage="Remove tag" />
          </Button>
        </div>
        <ChooseAndApply
          label={intl.formatMessage({ id: 'codesList.bulk.moveToFolder', defaultMessage: 'Move to folder' })}
          placeholder={intl.formatMessage({ id: 'codesList.bulk.moveToFolderPlaceholder', defaultMessage: 'Move to folder...' })}
          choices={[
            { value: 'none', label: intl.formatMessage({ id: 'codesList.bulk.noFolder', defaultMessage: 'No folder' }) },
            ...(folders.data ?? []).map((f) => ({ value: f.id, label: f.name })),
          ]}
          buttonLabel={intl.formatMessage({ id: 'codesList.bulk.move', defaultMessage: 'Move' })}
          onApply={(folder) => run({ action: 'folder', ids: selected, folderId: folder === 'none' ? null : folder })}
        />
        <ChooseAndApply
          label={intl.formatMessage({ id: 'codesList.bulk.designTemplate', defaultMessage: 'Design template' })}
          placeholder={intl.formatMessage({ id: 'codesList.bulk.designTemplatePlaceholder', defaultMessage: 'Design template...' })}
          choices={
            templates.data?.length === 0
              ? [{ value: '', label: intl.formatMessage({ id: 'codesList.bulk.noTemplates', defaultMessage: 'No design templates yet' }), disabled: true }]
              : (templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))
          }
          describedBy={templateHintId}
          buttonLabel={intl.formatMessage({ id: 'codesList.bulk.applyDesign', defaultMessage: 'Apply design' })}
          onApply={(templateId) => run({ action: 'design-template', ids: selected, templateId })}
        >
          <span id={templateHintId} className="sr-only">
            {templates.data?.length === 0 ? (
              <FormattedMessage id="codesList.bulk.noTemplatesHint" defaultMessage="You have no design templates yet: save one from a code's design editor." />
            ) : (
              <FormattedMessage
                id="codesList.bulk.templateHint"
                defaultMessage="Each code takes the template's design and keeps its own logo unless the template has one."
              />
            )}
          </span>
        </ChooseAndApply>
        <Button variant="outline" size="sm" onClick={() => setArchive(true)}>
          <FormattedMessage id="codesList.bulk.downloadZip" defaultMessage="Download ZIP" />
        </Button>
        <Button variant="destructive" size="sm" onClick={() => setConfirmDelete(true)}>
          <FormattedMessage id="codesList.bulk.delete" defaultMessage="Delete" />
        </Button>
      </fieldset>
      {tagError && (
        <p id={`${tagId}-error`} role="alert" className="text-sm text-destructive">
          {tagError}
        </p>
      )}
      <BulkDeleteDialog
        count={confirmDelete ? count : null}
        busy={busy}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          void run({ action: 'delete', ids: selected }).then((ok) => {
            setConfirmDelete(false);
            if (ok) onClear();
          })
        }
      />
      <ArchiveDialog ids={archive ? selected : null} onClose={() => setArchive(false)} />
    </section>
  );
}

interface Choice {
  value: string;
  label: string;
  disabled?: boolean;
}

interface ChooseAndApplyProps {
  label: string;
  placeholder: string;
  choices: Choice[];
  describedBy?: string;
  buttonLabel: string;
  /** Applies the choice to the selection; the choice is cleared once that succeeded. */
  onApply: (value: string) => Promise<boolean>;
  children?: ReactNode;
}

/** A choice (a folder, a design template) and the button that applies it; the button waits for a choice. */
function ChooseAndApply({ label, placeholder, choices, describedBy, buttonLabel, onApply, children }: ChooseAndApplyProps) {
  const [value, setValue] = useState('');
  return (
    <div className="flex flex-wrap items-center gap-1">
      <select aria-label={label} aria-describedby={describedBy} value={value} onChange={(event) => setValue(event.target.value)} className={`${selectClass} max-w-full`}>
        <option value="">{placeholder}</option>
        {choices.map((choice) => (
          <option key={choice.value || choice.label} value={choice.value} disabled={choice.disabled}>
            {choice.label}
          </option>
        ))}
      </select>
      <Button variant="outline" size="sm" disabled={value === ''} onClick={() => void onApply(value).then((ok) => ok && setValue(''))}>
        {buttonLabel}
      </Button>
      {children}
    </div>
  );
}
