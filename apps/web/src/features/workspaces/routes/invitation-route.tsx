import { useQueryClient } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
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

const ENDED: Record<string, string> = {
  accepted: 'This invitation has already been used.',
  revoked: 'This invitation has been withdrawn.',
  expired: 'This invitation has expired. Ask whoever invited you to send it again.',
};

/** /invitations/:token, the link of an invitation mail: who invites, to what, and joining with a click. */
export function InvitationRoute() {
  usePageTitle('Invitation');
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
    toast({ title: 'Welcome aboard', description: joined ? `You joined ${joined.name} as ${joined.role}.` : 'Your account is ready.' });
    void navigate(paths.dashboard, { replace: true });
  };

  const join = async () => {
    try {
      const workspace = await accept.mutateAsync();
      // The list with the workspace joined, before acting in it.
      await queryClient.fetchQuery({ ...workspacesQueryOptions(), staleTime: 0 });
      switchTo(workspace.id);
      toast({ title: 'Welcome aboard', description: `You joined ${workspace.name} as ${workspace.role}.` });
      void navigate(paths.dashboard, { replace: true });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not join', description: getErrorMessage(error, 'Please try again later.') });
    }
  };

  return (
    <div className="mx-auto grid max-w-lg gap-6 px-4 py-12">
      <QueryState
        look="stacked"
        isLoading={invitation.isPending || userLoading}
        error={invitation.isError ? invitation.error : null}
        onRetry={() => void invitation.refetch()}
        loading="Opening the invitation…"
        failure={(error) => getErrorMessage(error, 'This invitation link is not valid.')}
      />
      {invitation.isSuccess && (
        <Card>
          <CardHeader>
            <MailCheck aria-hidden="true" className="size-8 text-primary" />
            <CardTitle as="h1">Join {invitation.data.workspaceName}</CardTitle>
            <CardDescription>
              {invitation.data.invitedBy ?? 'A member'} invited {invitation.data.email} as {invitation.data.role}.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {invitation.data.state !== 'pending' ? (
              <p role="alert" className="text-destructive">
                {ENDED[invitation.data.state]}
              </p>
            ) : user ? (
              user.email.toLowerCase() === invitation.data.email.toLowerCase() ? (
                <Button onClick={() => void join()} disabled={accept.isPending}>
                  {accept.isPending && <Spinner />} Join the workspace
                </Button>
              ) : (
                <p role="alert">
                  This invitation is for {invitation.data.email}, and you are signed in as {user.email}. Sign out and sign in with that
                  address to join.
                </p>
              )
            ) : (
              invitation.data.accountExists ? (
                <div className="grid gap-2">
                  <p>Log in with the account of that address to join.</p>
                  <Button asChild>
                    <Link to={authHref('login', here)}>Log in to join</Link>
                  </Button>
                </div>
              ) : (
                <div className="grid gap-2">
                  <p>Create your account to join: no payment, the workspace pays for its codes.</p>
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
