import { CurrentPasswordDto, WorkspaceNameDto, type MemberView, type WorkspaceView } from '@qrd/contracts';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
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
import { roleLabel } from '../roles';

const messages = defineMessages({
  tryAgainLater: { id: 'account.common.tryAgainLater', defaultMessage: 'Please try again later.' },
  acceptFailed: { id: 'account.workspaceSettings.acceptFailed', defaultMessage: 'Could not accept' },
  declineFailed: { id: 'account.workspaceSettings.declineFailed', defaultMessage: 'Could not decline' },
  withdrawFailed: { id: 'account.workspaceSettings.withdrawFailed', defaultMessage: 'Could not withdraw' },
  offerFailed: { id: 'account.workspaceSettings.offerFailed', defaultMessage: 'Could not offer ownership' },
  deleteFailed: { id: 'account.workspaceSettings.deleteFailed', defaultMessage: 'The workspace was not deleted' },
});

const fail = (intl: IntlShape, title: MessageDescriptor) => (error: unknown) =>
  toast({ variant: 'destructive', title: intl.formatMessage(title), description: getErrorMessage(error, intl.formatMessage(messages.tryAgainLater)) });

/** A name form for a workspace: used to create one and to rename one. */
function NameForm({ id, initial, label, busy, onSave }: { id: string; initial: string; label: string; busy: boolean; onSave: (name: string) => Promise<void> }) {
  const intl = useIntl();
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
      setError(getFieldErrors(caught).name ?? getErrorMessage(caught, intl.formatMessage(messages.tryAgainLater)));
    }
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
      <FormField id={id} label={intl.formatMessage({ id: 'account.workspaceSettings.name', defaultMessage: 'Workspace name' })} error={error}>
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
  const intl = useIntl();
  const create = useCreateWorkspace();
  const switchTo = useSwitchWorkspace();
  const navigate = useNavigate();
  const [key, setKey] = useState(0);
  return (
    <Card id="new-workspace">
      <CardHeader>
        <CardTitle as="h2">
          <FormattedMessage id="account.createWorkspace.title" defaultMessage="Create a shared workspace" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="account.createWorkspace.description"
            defaultMessage="For a client, a brand or a team: its own codes, members, subscription and audit log. You are its owner and can hand it over later."
          />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <NameForm
          key={key}
          id="new-workspace-name"
          initial=""
          label={intl.formatMessage({ id: 'account.createWorkspace.submit', defaultMessage: 'Create workspace' })}
          busy={create.isPending}
          onSave={async (name) => {
            const workspace = await create.mutateAsync(name);
            setKey((k) => k + 1);
            switchTo(workspace.id);
            toast({
              title: intl.formatMessage({ id: 'account.createWorkspace.created', defaultMessage: 'Workspace created' }),
              description: intl.formatMessage(
                {
                  id: 'account.createWorkspace.createdDescription',
                  defaultMessage: 'You are now in “{name}”. Subscribe to add its first codes, and invite its members.',
                },
                { name: workspace.name },
              ),
            });
            void navigate(`${paths.account}?tab=team`);
          }}
        />
      </CardContent>
    </Card>
  );
}

/** An offer of ownership made to the signed-in member: accept it or decline it. */
export function TransferOfferCard({ workspace }: { workspace: WorkspaceView }) {
  const intl = useIntl();
  const accept = useAcceptTransfer(workspace.id);
  const decline = useCancelTransfer(workspace.id);
  const offer = workspace.transfer;
  if (!offer) return null;
  return (
    <Card className="border-primary/50" role="region" aria-label={intl.formatMessage({ id: 'account.transferOffer.label', defaultMessage: 'Offer of ownership' })}>
      <CardHeader>
        <CardTitle as="h2">
          <FormattedMessage
            id="account.transferOffer.title"
            defaultMessage="{username} offers you ownership of this workspace"
            values={{ username: offer.fromUsername }}
          />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="account.transferOffer.description"
            defaultMessage="As an owner you manage everything here, including owners and deleting the workspace; {username} becomes an admin. The offer stands until {date}."
            values={{ username: offer.fromUsername, date: intl.formatDate(offer.expiresAt, { dateStyle: 'medium' }) }}
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button
          disabled={accept.isPending || decline.isPending}
          onClick={() =>
            accept.mutateAsync().then(
              () =>
                toast({
                  title: intl.formatMessage({ id: 'account.transferOffer.accepted', defaultMessage: 'You are now an owner' }),
                  description: intl.formatMessage(
                    { id: 'account.transferOffer.acceptedDescription', defaultMessage: '{username} is an admin.' },
                    { username: offer.fromUsername },
                  ),
                }),
              fail(intl, messages.acceptFailed),
            )
          }
        >
          {accept.isPending && <Spinner />} <FormattedMessage id="account.transferOffer.accept" defaultMessage="Accept ownership" />
        </Button>
        <Button
          variant="outline"
          disabled={accept.isPending || decline.isPending}
          onClick={() =>
            decline
              .mutateAsync()
              .then(
                () => toast({ title: intl.formatMessage({ id: 'account.transferOffer.declined', defaultMessage: 'Offer declined' }) }),
                fail(intl, messages.declineFailed),
              )
          }
        >
          <FormattedMessage id="account.transferOffer.decline" defaultMessage="Decline" />
        </Button>
      </CardContent>
    </Card>
  );
}

/** An owner's settings of a shared workspace: its name, handing it to another member, deleting it. */
export function WorkspaceSettingsCard({ workspace, members }: { workspace: WorkspaceView; members: MemberView[] }) {
  const intl = useIntl();
  const rename = useRenameWorkspace(workspace.id);
  const offer = useOfferTransfer(workspace.id);
  const withdraw = useCancelTransfer(workspace.id);
  const candidates = members.filter((member) => member.role !== 'owner');
  const [to, setTo] = useState('');
  const pending = workspace.transfer;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">
          <FormattedMessage id="account.workspaceSettings.title" defaultMessage="Workspace settings" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage id="account.workspaceSettings.description" defaultMessage="Only owners see these." />
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <NameForm
          key={workspace.name}
          id="workspace-name"
          initial={workspace.name}
          label={intl.formatMessage({ id: 'account.workspaceSettings.rename', defaultMessage: 'Rename' })}
          busy={rename.isPending}
          onSave={async (name) => {
            await rename.mutateAsync(name);
            toast({ title: intl.formatMessage({ id: 'account.workspaceSettings.renamed', defaultMessage: 'Workspace renamed' }), description: name });
          }}
        />
        <section className="grid gap-2" aria-labelledby="transfer-heading">
          <h3 id="transfer-heading" className="text-sm font-medium">
            <FormattedMessage id="account.workspaceSettings.transferTitle" defaultMessage="Transfer ownership" />
          </h3>
          {pending ? (
            <div className="flex flex-wrap items-center gap-3">
              <p className="flex-1 text-sm text-muted-foreground">
                <FormattedMessage
                  id="account.workspaceSettings.offered"
                  defaultMessage="Offered to {username} until {date}: they become an owner when they accept, and you an admin."
                  values={{ username: pending.toUsername, date: intl.formatDate(pending.expiresAt, { dateStyle: 'medium' }) }}
                />
              </p>
              <Button variant="outline" size="sm" disabled={withdraw.isPending} onClick={() =>
                  withdraw
                    .mutateAsync()
                    .then(
                      () => toast({ title: intl.formatMessage({ id: 'account.workspaceSettings.withdrawn', defaultMessage: 'Offer withdrawn' }) }),
                      fail(intl, messages.withdrawFailed),
                    )
                }
              >
                <FormattedMessage id="account.workspaceSettings.withdraw" defaultMessage="Withdraw offer" />
              </Button>
            </div>
          ) : candidates.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              <FormattedMessage id="account.workspaceSettings.noCandidates" defaultMessage="Invite the member who is to own this workspace first." />
            </p>
          ) : (
            <div className="flex flex-wrap items-end gap-3">
              <FormField id="transfer-to" label={intl.formatMessage({ id: 'account.workspaceSettings.newOwner', defaultMessage: 'New owner' })}>
                <NativeSelect id="transfer-to" value={to} onChange={(e) => setTo(e.target.value)}>
                  <option value="">{intl.formatMessage({ id: 'account.workspaceSettings.chooseMember', defaultMessage: 'Choose a member' })}</option>
                  {candidates.map((member) => (
                    <option key={member.userId} value={member.userId}>
                      {intl.formatMessage(
                        { id: 'account.workspaceSettings.candidate', defaultMessage: '{name} ({role})' },
                        { name: member.name ?? member.username, role: roleLabel(intl, member.role) },
                      )}
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
                    toast({
                      title: intl.formatMessage({ id: 'account.workspaceSettings.ownershipOffered', defaultMessage: 'Ownership offered' }),
                      description: intl.formatMessage({ id: 'account.workspaceSettings.ownershipOfferedDescription', defaultMessage: 'Nothing changes until they accept.' }),
                    });
                  }, fail(intl, messages.offerFailed))
                }
              >
                {offer.isPending && <Spinner />} <FormattedMessage id="account.workspaceSettings.offer" defaultMessage="Offer ownership" />
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
  const intl = useIntl();
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
        fail(intl, messages.deleteFailed)(error);
        return;
      }
      setOpen(false);
      switchTo(null);
      toast({
        title: intl.formatMessage({ id: 'account.deleteWorkspace.deleted', defaultMessage: 'Workspace deleted' }),
        description: intl.formatMessage(
          { id: 'account.deleteWorkspace.deletedDescription', defaultMessage: '“{name}” and its codes are gone. You are back in your personal workspace.' },
          { name: workspace.name },
        ),
      });
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
        <FormattedMessage id="account.deleteWorkspace.title" defaultMessage="Delete this workspace" />
      </h3>
      <p className="text-sm text-muted-foreground">
        <FormattedMessage
          id="account.deleteWorkspace.description"
          defaultMessage="Its codes stop working, its subscription ends now, and its members lose access. This cannot be undone."
        />
      </p>
      <div>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" /> <FormattedMessage id="account.deleteWorkspace.open" defaultMessage="Delete workspace" />
        </Button>
      </div>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent>
          <form noValidate onSubmit={form.handleSubmit} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>
                <FormattedMessage id="account.deleteWorkspace.dialogTitle" defaultMessage="Delete “{name}”?" values={{ name: workspace.name }} />
              </DialogTitle>
              <DialogDescription>
                <FormattedMessage
                  id="account.deleteWorkspace.dialogDescription"
                  defaultMessage="Every code of this workspace stops redirecting at once, its subscription is cancelled, and its codes, scans, API keys, webhooks and audit log are erased."
                />
              </DialogDescription>
            </DialogHeader>
            <FormField id={form.fieldId('currentPassword')} label={intl.formatMessage({ id: 'account.deleteAccount.password', defaultMessage: 'Your password' })} error={form.errors.currentPassword}>
              <PasswordInput {...form.inputProps('currentPassword')} autoComplete="current-password" />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)} disabled={busy}>
                <FormattedMessage id="account.common.cancel" defaultMessage="Cancel" />
              </Button>
              <Button type="submit" variant="destructive" disabled={busy}>
                {busy && <Spinner />} <FormattedMessage id="account.deleteWorkspace.confirm" defaultMessage="Delete the workspace for good" />
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}
