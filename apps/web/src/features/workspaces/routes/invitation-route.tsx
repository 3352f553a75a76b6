import { useQueryClient } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../hooks/use-page-title';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { getUser, useSetUser, useUser } from '../../../lib/auth';
import { authHref, paths } from '../../../lib/paths';
import { useAcceptInvitation, useInvitation, workspacesQueryOptions } from '../api/workspaces';
import { InvitedSignupForm } from '../components/invited-signup-form';
import { useSwitchWorkspace } from '../hooks';
import { roleLabel } from '../roles';

const ENDED = defineMessages<string>({
  accepted: { id: 'account.invitation.accepted', defaultMessage: 'This invitation has already been used.' },
  revoked: { id: 'account.invitation.revoked', defaultMessage: 'This invitation has been withdrawn.' },
  expired: { id: 'account.invitation.expired', defaultMessage: 'This invitation has expired. Ask whoever invited you to send it again.' },
});

const welcome = defineMessages({
  title: { id: 'account.invitation.welcome', defaultMessage: 'Welcome aboard' },
  ready: { id: 'account.invitation.ready', defaultMessage: 'Your account is ready.' },
});

/** /invitations/:token, the link of an invitation mail: who invites, to what, and joining with a click. */
export function InvitationRoute() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'account.invitation.pageTitle', defaultMessage: 'Invitation' }));
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  const { data: user, isLoading: userLoading } = useUser();
  const accept = useAcceptInvitation(token);
  const switchTo = useSwitchWorkspace();
  const navigate = useNavigate();
  const setUser = useSetUser();
  const queryClient = useQueryClient();
  const here = paths.invitation(token);

  /** Signed up from the link: the account is signed in and a member; act in the workspace joined. */
  const joinedBySignup = async () => {
    const user = await getUser();
    setUser(user);
    const workspaces = await queryClient.fetchQuery({ ...workspacesQueryOptions(), staleTime: 0 });
    const joined = workspaces.find((workspace) => workspace.id !== user?.id);
    if (joined) switchTo(joined.id);
    toast({
      title: intl.formatMessage(welcome.title),
      description: joined
        ? intl.formatMessage({ id: 'account.invitation.joined', defaultMessage: 'You joined {name} as {role}.' }, { name: joined.name, role: roleLabel(intl, joined.role) })
        : intl.formatMessage(welcome.ready),
    });
    void navigate(paths.dashboard, { replace: true });
  };

  const join = async () => {
    try {
      const workspace = await accept.mutateAsync();
      // The list with the workspace joined, before acting in it.
      await queryClient.fetchQuery({ ...workspacesQueryOptions(), staleTime: 0 });
      switchTo(workspace.id);
      toast({
        title: intl.formatMessage(welcome.title),
        description: intl.formatMessage({ id: 'account.invitation.joined', defaultMessage: 'You joined {name} as {role}.' }, { name: workspace.name, role: roleLabel(intl, workspace.role) }),
      });
      void navigate(paths.dashboard, { replace: true });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'account.invitation.joinFailed', defaultMessage: 'Could not join' }),
        description: getErrorMessage(error, intl.formatMessage({ id: 'account.common.tryAgainLater', defaultMessage: 'Please try again later.' })),
      });
    }
  };

  return (
    <div className="mx-auto grid max-w-lg gap-6 px-4 py-12">
      <QueryState
        look="stacked"
        isLoading={invitation.isPending || userLoading}
        error={invitation.isError ? invitation.error : null}
        onRetry={() => void invitation.refetch()}
        loading={intl.formatMessage({ id: 'account.invitation.loading', defaultMessage: 'Opening the invitation…' })}
        failure={(error) => getErrorMessage(error, intl.formatMessage({ id: 'account.invitation.invalid', defaultMessage: 'This invitation link is not valid.' }))}
      />
      {invitation.isSuccess && (
        <Card>
          <CardHeader>
            <MailCheck aria-hidden="true" className="size-8 text-primary" />
            <CardTitle as="h1">
              <FormattedMessage id="account.invitation.title" defaultMessage="Join {name}" values={{ name: invitation.data.workspaceName }} />
            </CardTitle>
            <CardDescription>
              {invitation.data.invitedBy ? (
                <FormattedMessage
                  id="account.invitation.invitedBy"
                  defaultMessage="{inviter} invited {email} as {role}."
                  values={{ inviter: invitation.data.invitedBy, email: invitation.data.email, role: roleLabel(intl, invitation.data.role) }}
                />
              ) : (
                <FormattedMessage
                  id="account.invitation.invitedByMember"
                  defaultMessage="A member invited {email} as {role}."
                  values={{ email: invitation.data.email, role: roleLabel(intl, invitation.data.role) }}
                />
              )}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {invitation.data.state !== 'pending' ? (
              <p role="alert" className="text-destructive">
                {invitation.data.state in ENDED ? intl.formatMessage(ENDED[invitation.data.state]) : null}
              </p>
            ) : user ? (
              user.email.toLowerCase() === invitation.data.email.toLowerCase() ? (
                <Button onClick={() => void join()} disabled={accept.isPending}>
                  {accept.isPending && <Spinner />} <FormattedMessage id="account.invitation.join" defaultMessage="Join the workspace" />
                </Button>
              ) : (
                <p role="alert">
                  <FormattedMessage
                    id="account.invitation.otherAccount"
                    defaultMessage="This invitation is for {email}, and you are signed in as {current}. Sign out and sign in with that address to join."
                    values={{ email: invitation.data.email, current: user.email }}
                  />
                </p>
              )
            ) : (
              invitation.data.accountExists ? (
                <div className="grid gap-2">
                  <p>
                    <FormattedMessage id="account.invitation.logInHint" defaultMessage="Log in with the account of that address to join." />
                  </p>
                  <Button asChild>
                    <Link to={authHref('login', here)}>
                      <FormattedMessage id="account.invitation.logIn" defaultMessage="Log in to join" />
                    </Link>
                  </Button>
                </div>
              ) : (
                <div className="grid gap-2">
                  <p>
                    <FormattedMessage id="account.invitation.signUpHint" defaultMessage="Create your account to join: no payment, the workspace pays for its codes." />
                  </p>
                  <InvitedSignupForm token={token} email={invitation.data.email} onJoined={joinedBySignup} />
                </div>
              )
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
