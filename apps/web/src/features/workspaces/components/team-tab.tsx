import { INVITABLE_ROLES, InviteMemberDto, mayChangeMember, WORKSPACE_ROLES, type InvitableRole, type MemberView, type WorkspaceRole, type WorkspaceView } from '@qrd/contracts';
import { useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
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
import { roleLabel } from '../roles';
import { AuditLogCard } from './audit-log-card';
import { CreateWorkspaceCard, TransferOfferCard, WorkspaceSettingsCard } from './workspace-settings';

const ROLE_HINTS = defineMessages<WorkspaceRole>({
  owner: { id: 'account.team.roleHintOwner', defaultMessage: 'Everything, including owners and deleting the workspace.' },
  admin: { id: 'account.team.roleHintAdmin', defaultMessage: 'Codes, members (not owners), API keys, webhooks and domains.' },
  editor: { id: 'account.team.roleHintEditor', defaultMessage: 'Creates, edits and deletes codes within the seats.' },
  viewer: { id: 'account.team.roleHintViewer', defaultMessage: 'Sees codes and analytics, changes nothing.' },
  billing: { id: 'account.team.roleHintBilling', defaultMessage: 'The subscription, payment method and invoices only.' },
});

const tryAgainLater = { id: 'account.common.tryAgainLater', defaultMessage: 'Please try again later.' };

/** The members of the workspace the app acts in: invite by email, change roles, remove, withdraw invitations. */
export function TeamTab() {
  const intl = useIntl();
  const workspace = useCurrentWorkspace();
  if (!workspace)
    return (
      <QueryState
        look="stacked"
        isLoading
        error={null}
        onRetry={() => undefined}
        loading={intl.formatMessage({ id: 'account.team.loadingWorkspace', defaultMessage: 'Loading the workspace…' })}
        failure={() => null}
      />
    );
  return <Team workspace={workspace} />;
}

function Team({ workspace }: { workspace: WorkspaceView }) {
  const intl = useIntl();
  const { data: user } = useUser();
  const members = useMembers(workspace.id);
  const manages = workspace.permissions.includes('members.manage');
  return (
    <div className="grid gap-6">
      {workspace.transfer && workspace.transfer.toUserId === user?.id && <TransferOfferCard workspace={workspace} />}
      {manages && <InviteCard workspaceId={workspace.id} />}
      <Card>
        <CardHeader>
          <CardTitle as="h2">
            <FormattedMessage id="account.team.membersTitle" defaultMessage="Members" />
          </CardTitle>
          <CardDescription>
            <FormattedMessage
              id="account.team.membersDescription"
              defaultMessage="Everyone in this workspace and what they may do. Your role here: {role}."
              values={{ role: roleLabel(intl, workspace.role) }}
            />
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <QueryState
            look="stacked"
            isLoading={members.isPending}
            error={members.isError ? members.error : null}
            onRetry={() => void members.refetch()}
            loading={intl.formatMessage({ id: 'account.team.loadingMembers', defaultMessage: 'Loading the members…' })}
            failure={(error) =>
              intl.formatMessage(
                { id: 'account.team.loadMembersFailed', defaultMessage: 'Could not load the members: {reason}' },
                { reason: getErrorMessage(error, intl.formatMessage(tryAgainLater)) },
              )
            }
          />
          {members.isSuccess && (
            <ul className="divide-y rounded-md border" aria-label={intl.formatMessage({ id: 'account.team.membersLabel', defaultMessage: 'Members' })}>
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
              <h3 className="text-sm font-medium">
                <FormattedMessage id="account.team.invitationsTitle" defaultMessage="Invitations waiting for an answer" />
              </h3>
              <ul className="divide-y rounded-md border" aria-label={intl.formatMessage({ id: 'account.team.invitationsLabel', defaultMessage: 'Invitations' })}>
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
  const intl = useIntl();
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
      toast({
        title: intl.formatMessage({ id: 'account.team.invited', defaultMessage: 'Invitation sent' }),
        description: intl.formatMessage(
          { id: 'account.team.invitedDescription', defaultMessage: '{email} gets a link to join as {role}.' },
          { email: input.email, role: roleLabel(intl, role) },
        ),
      });
    } catch (error) {
      setErrors(getFieldErrors(error));
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'account.team.inviteFailed', defaultMessage: 'Could not invite' }),
        description: getErrorMessage(error, intl.formatMessage(tryAgainLater)),
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">
          <FormattedMessage id="account.team.inviteTitle" defaultMessage="Invite a member" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="account.team.inviteDescription"
            defaultMessage="They get a link by email that works once, for 7 days, and join with the account of that address."
          />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end">
          <FormField id="invite-email" label={intl.formatMessage({ id: 'account.team.inviteEmail', defaultMessage: 'Email address' })} error={errors.email}>
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
          <FormField id="invite-role" label={intl.formatMessage({ id: 'account.team.inviteRole', defaultMessage: 'Role' })} error={errors.role}>
            <NativeSelect id="invite-role" value={role} onChange={(e) => setRole(e.target.value as InvitableRole)}>
              {INVITABLE_ROLES.map((option) => (
                <option key={option} value={option}>
                  {roleLabel(intl, option)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending && <Spinner />} <FormattedMessage id="account.team.inviteSubmit" defaultMessage="Send invitation" />
          </Button>
        </form>
        <p className="mt-2 text-xs text-muted-foreground">{intl.formatMessage(ROLE_HINTS[role])}</p>
      </CardContent>
    </Card>
  );
}

/** `lastOwner`: the workspace's only owner, who can neither leave nor be removed (ownership is handed over first). */
function MemberRow({ member, workspace, lastOwner }: { member: MemberView; workspace: WorkspaceView; lastOwner: boolean }) {
  const intl = useIntl();
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
      toast({
        title: intl.formatMessage({ id: 'account.team.roleChanged', defaultMessage: 'Role changed' }),
        description: intl.formatMessage(
          { id: 'account.team.roleChangedDescription', defaultMessage: '{username} is now {role}.' },
          { username: member.username, role: roleLabel(intl, role) },
        ),
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'account.team.roleChangeFailed', defaultMessage: 'Could not change the role' }),
        description: getErrorMessage(error, intl.formatMessage(tryAgainLater)),
      });
    }
  };
  const removeMember = async () => {
    const question = self
      ? intl.formatMessage({ id: 'account.team.leaveConfirm', defaultMessage: 'Leave this workspace? You lose access to its codes at once.' })
      : intl.formatMessage({ id: 'account.team.removeConfirm', defaultMessage: 'Remove {username}? They lose access at once.' }, { username: member.username });
    if (!window.confirm(question)) return;
    try {
      await remove.mutateAsync(member.userId);
      toast(
        self
          ? { title: intl.formatMessage({ id: 'account.team.left', defaultMessage: 'You left the workspace' }) }
          : {
              title: intl.formatMessage({ id: 'account.team.removed', defaultMessage: 'Member removed' }),
              description: intl.formatMessage({ id: 'account.team.removedDescription', defaultMessage: '{username} no longer has access.' }, { username: member.username }),
            },
      );
    } catch (error) {
      toast({
        variant: 'destructive',
        title: self
          ? intl.formatMessage({ id: 'account.team.leaveFailed', defaultMessage: 'Could not leave' })
          : intl.formatMessage({ id: 'account.team.removeFailed', defaultMessage: 'Could not remove' }),
        description: getErrorMessage(error, intl.formatMessage(tryAgainLater)),
      });
    }
  };

  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">
          {member.name ?? member.username} {self && (
            <span className="text-muted-foreground">
              <FormattedMessage id="account.team.you" defaultMessage="(you)" />
            </span>
          )}
        </p>
        <p className="truncate text-sm text-muted-foreground">{member.email}</p>
      </div>
      {editable ? (
        <NativeSelect
          aria-label={intl.formatMessage({ id: 'account.team.roleOf', defaultMessage: 'Role of {username}' }, { username: member.username })}
          value={member.role}
          disabled={changeRole.isPending}
          onChange={(e) => void change(e.target.value as WorkspaceRole)}
        >
          {[member.role, ...choices.filter((role) => role !== member.role)].map((role) => (
            <option key={role} value={role}>
              {roleLabel(intl, role)}
            </option>
          ))}
        </NativeSelect>
      ) : (
        <Badge variant="secondary">{roleLabel(intl, member.role)}</Badge>
      )}
      {canRemove && (
        <Button variant="outline" size="sm" onClick={() => void removeMember()} disabled={remove.isPending}>
          {self ? <FormattedMessage id="account.team.leave" defaultMessage="Leave" /> : <FormattedMessage id="account.team.remove" defaultMessage="Remove" />}
        </Button>
      )}
    </li>
  );
}

function InvitationRow({ workspaceId, invitation }: { workspaceId: string; invitation: { id: string; email: string; role: string; state: string; expiresAt: string } }) {
  const intl = useIntl();
  const resend = useResendInvitation(workspaceId);
  const revoke = useRevokeInvitation(workspaceId);
  const run = async (action: 'resend' | 'revoke') => {
    try {
      await (action === 'resend' ? resend : revoke).mutateAsync(invitation.id);
      toast({
        title:
          action === 'resend'
            ? intl.formatMessage({ id: 'account.team.invitationResent', defaultMessage: 'Invitation sent again' })
            : intl.formatMessage({ id: 'account.team.invitationWithdrawn', defaultMessage: 'Invitation withdrawn' }),
        description: invitation.email,
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'account.team.invitationActionFailed', defaultMessage: 'Could not do that' }),
        description: getErrorMessage(error, intl.formatMessage(tryAgainLater)),
      });
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{invitation.email}</p>
        <p className="text-sm text-muted-foreground">
          {invitation.state === 'expired' ? (
            <FormattedMessage id="account.team.invitationExpired" defaultMessage="{role} · expired" values={{ role: roleLabel(intl, invitation.role) }} />
          ) : (
            <FormattedMessage
              id="account.team.invitationUntil"
              defaultMessage="{role} · until {date}"
              values={{ role: roleLabel(intl, invitation.role), date: intl.formatDate(invitation.expiresAt, { dateStyle: 'medium' }) }}
            />
          )}
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={() => void run('resend')} disabled={resend.isPending}>
        <FormattedMessage id="account.team.sendAgain" defaultMessage="Send again" />
      </Button>
      <Button variant="ghost" size="sm" onClick={() => void run('revoke')} disabled={revoke.isPending}>
        <FormattedMessage id="account.team.withdraw" defaultMessage="Withdraw" />
      </Button>
    </li>
  );
}
