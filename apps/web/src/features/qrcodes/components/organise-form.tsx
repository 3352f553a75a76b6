import { normaliseTags, QR_CATEGORIES, type QrCategory, type QrCodeView, TAG_MAX_LENGTH, TAGS_PER_CODE_MAX, tagsProblem } from '@qrd/contracts';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useFolders } from '../api/organise';
import { useUpdateQrCode } from '../api/qr-codes';
import { categoryLabel } from '../lib/code-list';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none';

/** "Menu, summer sale" -> ['Menu', 'summer sale'] (empty pieces dropped). */
export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** The code's category, tags and folder, changed at any time (none of them changes where scans go). */
export function OrganiseForm({ code }: { code: QrCodeView }) {
  const intl = useIntl();
  const update = useUpdateQrCode(code.id);
  const folders = useFolders();
  const id = useId();
  const [category, setCategory] = useState<string>(code.category ?? '');
  const [tags, setTags] = useState(code.tags.join(', '));
  const [folder, setFolder] = useState(code.folderId ?? '');
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    const list = splitTags(tags);
    const problem = tagsProblem(list);
    setError(problem);
    if (problem) return;
    try {
      await update.mutateAsync({ category: (category || null) as QrCategory | null, tags: normaliseTags(list), folderId: folder || null });
      toast({
        title: intl.formatMessage({ id: 'codesList.organise.savedTitle', defaultMessage: 'QR Code Updated' }),
        description: intl.formatMessage({ id: 'codesList.organise.savedDescription', defaultMessage: 'Category, tags and folder saved.' }),
      });
    } catch (caught) {
      setError(getErrorMessage(caught, intl.formatMessage({ id: 'codesList.organise.saveFailed', defaultMessage: 'The changes could not be saved. Please try again.' })));
    }
  };

  return (
    <form
      noValidate
      className="grid gap-4 border-t pt-5"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h3 id={`${id}-title`} className="text-base font-semibold">
        <FormattedMessage id="codesList.organise.title" defaultMessage="Organise" />
      </h3>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-category`} className="text-sm font-medium">
          <FormattedMessage id="codesList.organise.category" defaultMessage="Category" />
        </label>
        <select id={`${id}-category`} value={category} onChange={(event) => setCategory(event.target.value)} className={selectClass}>
          <option value="">{intl.formatMessage({ id: 'codesList.organise.noCategory', defaultMessage: 'No category' })}</option>
          {QR_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {categoryLabel(intl, value)}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-tags`} className="text-sm font-medium">
          <FormattedMessage id="codesList.organise.tags" defaultMessage="Tags" />
        </label>
        <Input
          id={`${id}-tags`}
          value={tags}
          onChange={(event) => {
            setTags(event.target.value);
            setError(null);
          }}
          placeholder={intl.formatMessage({ id: 'codesList.organise.tagsPlaceholder', defaultMessage: 'menu, summer sale' })}
          aria-describedby={`${id}-tags-hint`}
          aria-invalid={error !== null}
        />
        <p id={`${id}-tags-hint`} className="text-xs text-muted-foreground">
          <FormattedMessage
            id="codesList.organise.tagsHint"
            defaultMessage="Separated by commas: at most {maxTags} tags of up to {maxLength} characters (letters, digits, spaces, - and _)."
            values={{ maxTags: TAGS_PER_CODE_MAX, maxLength: TAG_MAX_LENGTH }}
          />
        </p>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-folder`} className="text-sm font-medium">
          <FormattedMessage id="codesList.organise.folder" defaultMessage="Folder" />
        </label>
        <select id={`${id}-folder`} value={folder} onChange={(event) => setFolder(event.target.value)} className={selectClass}>
          <option value="">{intl.formatMessage({ id: 'codesList.organise.noFolder', defaultMessage: 'No folder' })}</option>
          {folders.data?.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
        {folders.isError && (
          <p className="text-xs text-destructive">
            <FormattedMessage id="codesList.organise.foldersError" defaultMessage="Could not load your folders." />
          </p>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" variant="outline" className="justify-self-start" disabled={update.isPending}>
        {update.isPending && <Spinner />}
        <FormattedMessage id="codesList.organise.save" defaultMessage="Save category, tags and folder" />
      </Button>
    </form>
  );
}
