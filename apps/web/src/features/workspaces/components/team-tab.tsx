import { INVITABLE_ROLES, InviteMemberDto, mayChangeMember, WORKSPACE_ROLES, type InvitableRole, type MemberView, type WorkspaceRole, type WorkspaceView } from '@qrd/contracts';
import { useState, type FormEvent } from 'react';
import { QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { NativeSelect } from '../../../components/ui/native-select';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage, getFieldErrors } from '../../../lib/api-client';
import { useUser } from '../../../lib/auth';
import { validateForm } from '../../../lib/form';
import { useChangeRole, useInvite, useMembers, useRemoveMember, useResendInvitation, useRevokeInvitation } from '../api/workspaces';
import { useCurrentWorkspace } from '../hooks';
import { AuditLogCard } from './audit-log-card';
import { CreateWorkspaceCard, TransferOfferCard, WorkspaceSettingsCard } from './workspace-settings';

const ROLE_HINTS: Record<WorkspaceRole, string> = {
  owner: 'Everything, including owners and deleting the workspace',
  admin: 'Codes, members (not owners), API keys, webhooks and domains',
  editor: 'Creates, edits and deletes codes within the seats',
  viewer: 'Sees codes and analytics, changes nothing',
  billing: 'The subscription, payment method and invoices only',
};


/** The members of the workspace the app acts in: invite by email, change roles, remove, withdraw invitations. */
export function TeamTab() {
  const workspace = useCurrentWorkspace();
  if (!workspace) return <QueryState look="stacked" isLoading error={null} onRetry={() => undefined} loading="Loading the workspace…" failure={() => null} />;
  return <Team workspace={workspace} />;
}

function Team({ workspace }: { workspace: WorkspaceView }) {
  const { data: user } = useUser();
  const members = useMembers(workspace.id);
  const manages = workspace.permissions.includes('members.manage');
  return (
    <div className="grid gap-6">
      {workspace.transfer && workspace.transfer.toUserId === user?.id && <TransferOfferCard workspace={workspace} />}
      {manages && <InviteCard workspaceId={workspace.id} />}
      <Card>
        <CardHeader>
          <CardTitle as="h2">Members</CardTitle>
          <CardDescription>Everyone in this workspace and what they may do. Your role here: {workspace.role}.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <QueryState
            look="stacked"
            isLoading={members.isPending}
            error={members.isError ? members.error : null}
            onRetry={() => void members.refetch()}
            loading="Loading the members…"
            failure={(error) => `Could not load the members: ${getErrorMessage(error, 'Please try again later.')}`}
          />
          {members.isSuccess && (
            <ul className="divide-y rounded-md border" aria-label="Members">
              {members.data.members.map((member) => (
                <MemberRow
                  key={member.userId}
                  member={member}
                  workspace={workspace}
                  lastOwner={member.role === 'owner' && members.data.members.filter((m) => m.role === 'owner').length === 1}
                />
              ))}
            </ul>
          )}
          {members.isSuccess && members.data.invitations.length > 0 && (
            <div className="grid gap-2">
              <h3 className="text-sm font-medium">Invitations waiting for an answer</h3>
              <ul className="divide-y rounded-md border" aria-label="Invitations">
                {members.data.invitations.map((invitation) => (
                  <InvitationRow key={invitation.id} workspaceId={workspace.id} invitation={invitation} />
                ))}
              </ul>
            </div>
          )}
        </CardContent>
      </Card>
      {!workspace.personal && workspace.role === 'owner' && members.isSuccess && <WorkspaceSettingsCard workspace={workspace} members={members.data.members} />}
      {workspace.permissions.includes('audit.read') && <AuditLogCard workspaceId={workspace.id} />}
      <CreateWorkspaceCard />
    </div>
  );
}

function InviteCard({ workspaceId }: { workspaceId: string }) {
  const invite = useInvite(workspaceId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('editor');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { email: email.trim(), role };
    const problems = await validateForm(InviteMemberDto, input);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      await invite.mutateAsync(input);
      setEmail('');
      toast({ title: 'Invitation sent', description: `${input.email} gets a link to join as ${role}.` });
    } catch (error) {
      setErrors(getFieldErrors(error));
      toast({ variant: 'destructive', title: 'Could not invite', description: getErrorMessage(error, 'Please try again later.') });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Invite a member</CardTitle>
        <CardDescription>They get a link by email that works once, for 7 days, and join with the account of that address.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end">
          <FormField id="invite-email" label="Email address" error={errors.email}>
            <Input
              id="invite-email"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? 'invite-email-error' : undefined}
            />
          </FormField>
          <FormField id="invite-role" label="Role" error={errors.role}>
            <NativeSelect id="invite-role" value={role} onChange={(e) => setRole(e.target.value as InvitableRole)}>
              {INVITABLE_ROLES.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending && <Spinner />} Send invitation
          </Button>
        </form>
        <p className="mt-2 text-xs text-muted-foreground">{ROLE_HINTS[role]}.</p>
      </CardContent>
    </Card>
  );
}

/** `lastOwner`: the workspace's only owner, who can neither leave nor be removed (ownership is handed over first). */
function MemberRow({ member, workspace, lastOwner }: { member: MemberView; workspace: WorkspaceView; lastOwner: boolean }) {
  const { data: user } = useUser();
  const changeRole = useChangeRole(workspace.id);
  const remove = useRemoveMember(workspace.id);
  const self = member.userId === user?.id;
  const canRemove = member.userId !== workspace.id && !lastOwner && (self ? true : mayChangeMember(workspace.role, member.role, null, false));
  const choices = WORKSPACE_ROLES.filter((role) => role !== 'owner' && mayChangeMember(workspace.role, member.role, role, self));
  const editable = member.userId !== workspace.id && member.role !== 'owner' && choices.length > 0;

  const change = async (role: WorkspaceRole) => {
    try {
      await changeRole.mutateAsync({ userId: member.userId, role });
      toast({ title: 'Role changed', description: `${member.username} is now ${role}.` });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not change the role', description: getErrorMessage(error, 'Please try again later.') });
    }
  };
  const removeMember = async () => {
    const question = self ? 'Leave this workspace? You lose access to its codes at once.' : `Remove ${member.username}? They lose access at once.`;
    if (!window.confirm(question)) return;
    try {
      await remove.mutateAsync(member.userId);
      toast({ title: self ? 'You left the workspace' : 'Member removed', description: self ? undefined : `${member.username} no longer has access.` });
    } catch (error) {
      toast({ variant: 'destructive', title: self ? 'Could not leave' : 'Could not remove', description: getErrorMessage(error, 'Please try again later.') });
    }
  };

  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">
          {member.name ?? member.username} {self && <span className="text-muted-foreground">(you)</span>}
        </p>
        <p className="truncate text-sm text-muted-foreground">{member.email}</p>
      </div>
      {editable ? (
        <NativeSelect
          aria-label={`Role of ${member.username}`}
         
          value={member.role}
          disabled={changeRole.isPending}
          onChange={(e) => void change(e.target.value as WorkspaceRole)}
        >
          {[member.role, ...choices.filter((role) => role !== member.role)].map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </NativeSelect>
      ) : (
        <Badge variant="secondary">{member.role}</Badge>
      )}
      {canRemove && (
        <Button variant="outline" size="sm" onClick={() => void removeMember()} disabled={remove.isPending}>
          {self ? 'Leave' : 'Remove'}
        </Button>
      )}
    </li>
  );
}

function InvitationRow({ workspaceId, invitation }: { workspaceId: string; invitation: { id: string; email: string; role: string; state: string; expiresAt: string } }) {
  const resend = useResendInvitation(workspaceId);
  const revoke = useRevokeInvitation(workspaceId);
  const run = async (action: 'resend' | 'revoke') => {
    try {
      await (action === 'resend' ? resend : revoke).mutateAsync(invitation.id);
      toast({ title: action === 'resend' ? 'Invitation sent again' : 'Invitation withdrawn', description: invitation.email });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not do that', description: getErrorMessage(error, 'Please try again later.') });
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{invitation.email}</p>
        <p className="text-sm text-muted-foreground">
          {invitation.role} · {invitation.state === 'expired' ? 'expired' : `until ${new Date(invitation.expiresAt).toLocaleDateString()}`}
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={() => void run('resend')} disabled={resend.isPending}>
        Send again
      </Button>
      <Button variant="ghost" size="sm" onClick={() => void run('revoke')} disabled={revoke.isPending}>
        Withdraw
      </Button>
    </li>
  );
}
