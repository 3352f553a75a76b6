import { CurrentPasswordDto, WorkspaceNameDto, type MemberView, type WorkspaceView } from '@qrd/contracts';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage, getFieldErrors } from '../../../lib/api-client';
import { useDtoForm, validateForm } from '../../../lib/form';
import { paths } from '../../../lib/paths';
import { useAcceptTransfer, useCancelTransfer, useCreateWorkspace, useDeleteWorkspace, useOfferTransfer, useRenameWorkspace } from '../api/workspaces';
import { useSwitchWorkspace } from '../hooks';

const fail = (title: string) => (error: unknown) => toast({ variant: 'destructive', title, description: getErrorMessage(error, 'Please try again later.') });

/** A name form for a workspace: used to create one and to rename one. */
function NameForm({ id, initial, label, busy, onSave }: { id: string; initial: string; label: string; busy: boolean; onSave: (name: string) => Promise<void> }) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = await validateForm(WorkspaceNameDto, { name });
    setError(problems.name);
    if (problems.name) return;
    try {
      await onSave(name.trim());
    } catch (caught) {
      setError(getFieldErrors(caught).name ?? getErrorMessage(caught, 'Please try again later.'));
    }
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
      <FormField id={id} label="Workspace name" error={error}>
        <Input id={id} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      </FormField>
      <Button type="submit" disabled={busy}>
        {busy && <Spinner />} {label}
      </Button>
    </form>
  );
}

/** Anyone can start a shared workspace: they own it and pay for its codes on its own subscription. */
export function CreateWorkspaceCard() {
  const create = useCreateWorkspace();
  const switchTo = useSwitchWorkspace();
  const navigate = useNavigate();
  const [key, setKey] = useState(0);
  return (
    <Card id="new-workspace">
      <CardHeader>
        <CardTitle as="h2">Create a shared workspace</CardTitle>
        <CardDescription>
          For a client, a brand or a team: its own codes, members, subscription and audit log. You are its owner and can hand it over later.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <NameForm
          key={key}
          id="new-workspace-name"
          initial=""
          label="Create workspace"
          busy={create.isPending}
          onSave={async (name) => {
            const workspace = await create.mutateAsync(name);
            setKey((k) => k + 1);
            switchTo(workspace.id);
            toast({ title: 'Workspace created', description: `You are now in “${workspace.name}”. Subscribe to add its first codes, and invite its members.` });
            void navigate(`${paths.account}?tab=team`);
          }}
        />
      </CardContent>
    </Card>
  );
}

/** An offer of ownership made to the signed-in member: accept it or decline it. */
export function TransferOfferCard({ workspace }: { workspace: WorkspaceView }) {
  const accept = useAcceptTransfer(workspace.id);
  const decline = useCancelTransfer(workspace.id);
  const offer = workspace.transfer;
  if (!offer) return null;
  return (
    <Card className="border-primary/50" role="region" aria-label="Offer of ownership">
      <CardHeader>
        <CardTitle as="h2">{offer.fromUsername} offers you ownership of this workspace</CardTitle>
        <CardDescription>
          As an owner you manage everything here, including owners and deleting the workspace; {offer.fromUsername} becomes an admin. The offer stands until{' '}
          {new Date(offer.expiresAt).toLocaleDateString()}.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button
          disabled={accept.isPending || decline.isPending}
          onClick={() =>
            accept.mutateAsync().then(() => toast({ title: 'You are now an owner', description: `${offer.fromUsername} is an admin.` }), fail('Could not accept'))
          }
        >
          {accept.isPending && <Spinner />} Accept ownership
        </Button>
        <Button
          variant="outline"
          disabled={accept.isPending || decline.isPending}
          onClick={() => decline.mutateAsync().then(() => toast({ title: 'Offer declined' }), fail('Could not decline'))}
        >
          Decline
        </Button>
      </CardContent>
    </Card>
  );
}

/** An owner's settings of a shared workspace: its name, handing it to another member, deleting it. */
export function WorkspaceSettingsCard({ workspace, members }: { workspace: WorkspaceView; members: MemberView[] }) {
  const rename = useRenameWorkspace(workspace.id);
  const offer = useOfferTransfer(workspace.id);
  const withdraw = useCancelTransfer(workspace.id);
  const candidates = members.filter((member) => member.role !== 'owner');
  const [to, setTo] = useState('');
  const pending = workspace.transfer;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Workspace settings</CardTitle>
        <CardDescription>Only owners see these.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <NameForm
          key={workspace.name}
          id="workspace-name"
          initial={workspace.name}
          label="Rename"
          busy={rename.isPending}
          onSave={async (name) => {
            await rename.mutateAsync(name);
            toast({ title: 'Workspace renamed', description: name });
          }}
        />
        <section className="grid gap-2" aria-labelledby="transfer-heading">
          <h3 id="transfer-heading" className="text-sm font-medium">
            Transfer ownership
          </h3>
          {pending ? (
            <div className="flex flex-wrap items-center gap-3">
              <p className="flex-1 text-sm text-muted-foreground">
                Offered to {pending.toUsername} until {new Date(pending.expiresAt).toLocaleDateString()}: they become an owner when they accept, and you an admin.
              </p>
              <Button variant="outline" size="sm" disabled={withdraw.isPending} onClick={() => withdraw.mutateAsync().then(() => toast({ title: 'Offer withdrawn' }), fail('Could not withdraw'))}>
                Withdraw offer
              </Button>
            </div>
          ) : candidates.length === 0 ? (
            <p className="text-sm text-muted-foreground">Invite the member who is to own this workspace first.</p>
          ) : (
            <div className="flex flex-wrap items-end gap-3">
              <FormField id="transfer-to" label="New owner">
                <NativeSelect id="transfer-to" value={to} onChange={(e) => setTo(e.target.value)}>
                  <option value="">Choose a member</option>
                  {candidates.map((member) => (
                    <option key={member.userId} value={member.userId}>
                      {member.name ?? member.username} ({member.role})
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <Button
                variant="outline"
                disabled={!to || offer.isPending}
                onClick={() =>
                  offer.mutateAsync(to).then(() => {
                    setTo('');
                    toast({ title: 'Ownership offered', description: 'Nothing changes until they accept.' });
                  }, fail('Could not offer ownership'))
                }
              >
                {offer.isPending && <Spinner />} Offer ownership
              </Button>
            </div>
          )}
        </section>
        <DeleteWorkspace workspace={workspace} />
      </CardContent>
    </Card>
  );
}

const EMPTY = { currentPassword: '' };

function DeleteWorkspace({ workspace }: { workspace: WorkspaceView }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteWorkspace(workspace.id);
  const switchTo = useSwitchWorkspace();
  const navigate = useNavigate();
  const form = useDtoForm(CurrentPasswordDto, EMPTY, {
    idPrefix: 'delete-workspace-',
    onSubmit: async (values) => {
      try {
        await remove.mutateAsync(values.currentPassword);
      } catch (error) {
        form.setErrorsFromResponse(error);
        fail('The workspace was not deleted')(error);
        return;
      }
      setOpen(false);
      switchTo(null);
      toast({ title: 'Workspace deleted', description: `“${workspace.name}” and its codes are gone. You are back in your personal workspace.` });
      void navigate(paths.dashboard);
    },
  });
  const busy = form.isSubmitting;
  const close = (next: boolean) => {
    if (busy) return;
    setOpen(next);
    if (!next) form.reset(EMPTY);
  };
  return (
    <section className="grid gap-2" aria-labelledby="delete-workspace-heading">
      <h3 id="delete-workspace-heading" className="text-sm font-medium">
        Delete this workspace
      </h3>
      <p className="text-sm text-muted-foreground">Its codes stop working, its subscription ends now, and its members lose access. This cannot be undone.</p>
      <div>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" /> Delete workspace
        </Button>
      </div>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent>
          <form noValidate onSubmit={form.handleSubmit} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Delete “{workspace.name}”?</DialogTitle>
              <DialogDescription>
                Every code of this workspace stops redirecting at once, its subscription is cancelled, and its codes, scans, API keys, webhooks and audit log are erased.
              </DialogDescription>
            </DialogHeader>
            <FormField id={form.fieldId('currentPassword')} label="Your password" error={form.errors.currentPassword}>
              <PasswordInput {...form.inputProps('currentPassword')} autoComplete="current-password" />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={busy}>
                {busy && <Spinner />} Delete the workspace for good
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}
