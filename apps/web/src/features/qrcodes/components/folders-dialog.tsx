import { FOLDER_NAME_MAX_LENGTH, folderNameProblem, type FolderView } from '@qrd/contracts';
import { useState } from 'react';
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
      setError(getErrorMessage(caught, 'The folder could not be created. Please try again.'));
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Folders</DialogTitle>
          <DialogDescription>A code sits in at most one folder. Deleting a folder keeps its codes, in no folder.</DialogDescription>
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
              aria-label="New folder name"
              placeholder="New folder name"
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
              Create
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
            <Spinner /> Loading folders...
          </p>
        )}
        {folders.isError && (
          <div role="alert" className="flex items-center gap-2 text-sm text-destructive">
            Could not load your folders.
            <Button variant="outline" size="sm" onClick={() => void folders.refetch()}>
              Try again
            </Button>
          </div>
        )}
        {folders.data?.length === 0 && <p className="text-sm text-muted-foreground">No folders yet.</p>}
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
      setError(getErrorMessage(caught, 'The folder could not be renamed. Please try again.'));
    }
  };

  return (
    <li className="grid gap-1 rounded-md border p-2">
      <div className="flex flex-wrap items-center gap-2">
        {editing ? (
          <Input
            aria-label={`New name for ${folder.name}`}
            value={name}
            className="h-9 min-w-0 flex-1"
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => event.key === 'Enter' && void save()}
          />
        ) : (
          <span className="min-w-0 flex-1 truncate text-sm">
            {folder.name} <span className="text-muted-foreground">({folder.codes.toLocaleString('en-US')})</span>
          </span>
        )}
        {editing ? (
          <>
            <Button size="sm" onClick={() => void save()} disabled={rename.isPending}>
              Save
            </Button>
            <Button size="sm" variant="ghost" onClick={() => (setEditing(false), setName(folder.name), setError(null))}>
              Cancel
            </Button>
          </>
        ) : (
          <>
            <Button size="sm" variant="outline" onClick={() => setEditing(true)} aria-label={`Rename ${folder.name}`}>
              Rename
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Delete ${folder.name}`}
              disabled={remove.isPending}
              onClick={() =>
                void remove.mutateAsync(folder.id).catch((caught) => setError(getErrorMessage(caught, 'The folder could not be deleted.')))
              }
            >
              Delete
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
