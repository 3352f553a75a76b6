import { FOLDER_NAME_MAX_LENGTH, folderNameProblem, type FolderView } from '@qrd/contracts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { useCreateFolder, useDeleteFolder, useFolders, useRenameFolder } from '../api/organise';

interface FoldersDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Create, rename and delete the account's folders (deleting one leaves its codes in no folder). */
export function FoldersDialog({ open, onClose }: FoldersDialogProps) {
  const intl = useIntl();
  const folders = useFolders();
  const create = useCreateFolder();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = async () => {
    const problem = folderNameProblem(name);
    if (problem) return setError(problem);
    try {
      await create.mutateAsync(name.trim());
      setName('');
      setError(null);
    } catch (caught) {
      setError(
        getErrorMessage(caught, intl.formatMessage({ id: 'codesList.folders.createFailed', defaultMessage: 'The folder could not be created. Please try again.' })),
      );
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <FormattedMessage id="codesList.folders.title" defaultMessage="Folders" />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage
              id="codesList.folders.description"
              defaultMessage="A code sits in at most one folder. Deleting a folder keeps its codes, in no folder."
            />
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-1"
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <div className="flex gap-2">
            <Input
              aria-label={intl.formatMessage({ id: 'codesList.folders.newName', defaultMessage: 'New folder name' })}
              placeholder={intl.formatMessage({ id: 'codesList.folders.newName', defaultMessage: 'New folder name' })}
              value={name}
              maxLength={FOLDER_NAME_MAX_LENGTH + 10}
              aria-invalid={error !== null}
              onChange={(event) => {
                setName(event.target.value);
                setError(null);
              }}
            />
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Spinner />}
              <FormattedMessage id="codesList.folders.create" defaultMessage="Create" />
            </Button>
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </form>
        {folders.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> <FormattedMessage id="codesList.folders.loading" defaultMessage="Loading folders..." />
          </p>
        )}
        {folders.isError && (
          <div role="alert" className="flex items-center gap-2 text-sm text-destructive">
            <FormattedMessage id="codesList.folders.loadError" defaultMessage="Could not load your folders." />
            <Button variant="outline" size="sm" onClick={() => void folders.refetch()}>
              <FormattedMessage id="codesList.folders.retry" defaultMessage="Try again" />
            </Button>
          </div>
        )}
        {folders.data?.length === 0 && (
          <p className="text-sm text-muted-foreground">
            <FormattedMessage id="codesList.folders.empty" defaultMessage="No folders yet." />
          </p>
        )}
        {folders.data && folders.data.length > 0 && (
          <ul className="grid max-h-80 gap-2 overflow-y-auto">
            {folders.data.map((folder) => (
              <FolderRow key={folder.id} folder={folder} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

function FolderRow({ folder }: { folder: FolderView }) {
  const intl = useIntl();
  const rename = useRenameFolder();
  const remove = useDeleteFolder();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(folder.name);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    const problem = folderNameProblem(name);
    if (problem) return setError(problem);
    try {
      await rename.mutateAsync({ id: folder.id, name: name.trim() });
      setEditing(false);
      setError(null);
    } catch (caught) {
      setError(
        getErrorMessage(caught, intl.formatMessage({ id: 'codesList.folders.renameFailed', defaultMessage: 'The folder could not be renamed. Please try again.' })),
      );
    }
  };

  return (
    <li className="grid gap-1 rounded-md border p-2">
      <div className="flex flex-wrap items-center gap-2">
        {editing ? (
          <Input
            aria-label={intl.formatMessage({ id: 'codesList.folders.renameInput', defaultMessage: 'New name for {name}' }, { name: folder.name })}
            value={name}
            className="h-9 min-w-0 flex-1"
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => event.key === 'Enter' && void save()}
          />
        ) : (
          <span className="min-w-0 flex-1 truncate text-sm">
            <FormattedMessage
              id="codesList.folders.row"
              defaultMessage="{name} <muted>({count, number})</muted>"
              values={{ name: folder.name, count: folder.codes, muted: (chunks: React.ReactNode[]) => <span className="text-muted-foreground">{chunks}</span> }}
            />
          </span>
        )}
        {editing ? (
          <>
            <Button size="sm" onClick={() => void save()} disabled={rename.isPending}>
              <FormattedMessage id="codesList.folders.save" defaultMessage="Save" />
            </Button>
            <Button size="sm" variant="ghost" onClick={() => (setEditing(false), setName(folder.name), setError(null))}>
              <FormattedMessage id="codesList.folders.cancel" defaultMessage="Cancel" />
            </Button>
          </>
        ) : (
          <>
            <Button size="sm" variant="outline" onClick={() => setEditing(true)} aria-label={intl.formatMessage({ id: 'codesList.folders.renameLabel', defaultMessage: 'Rename {name}' }, { name: folder.name })}>
              <FormattedMessage id="codesList.folders.rename" defaultMessage="Rename" />
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={intl.formatMessage({ id: 'codesList.folders.deleteLabel', defaultMessage: 'Delete {name}' }, { name: folder.name })}
              disabled={remove.isPending}
              onClick={() =>
                void remove.mutateAsync(folder.id).catch((caught) => setError(getErrorMessage(caught, intl.formatMessage({ id: 'codesList.folders.deleteFailed', defaultMessage: 'The folder could not be deleted.' }))))
              }
            >
              <FormattedMessage id="codesList.folders.delete" defaultMessage="Delete" />
            </Button>
          </>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </li>
  );
}
