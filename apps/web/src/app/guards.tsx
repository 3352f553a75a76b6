import { useEffect } from 'react';
import { ShieldCheck } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { Button } from '../components/ui/button';
import { FullScreenSpinner } from '../components/layout/full-screen-spinner';
import { toast } from '../hooks/use-toast';
import { useWorkspaceInAddress } from '../hooks/use-workspace-id';
import { useUser } from '../lib/auth';
import { nextAfterSignIn, paths } from '../lib/paths';
import { isAdmin } from '../lib/user';

/** Signed-in pages (spec section 6). Where a visitor is sent differs per page: /auth or /login. */
export function RequireAuth({ redirectTo }: { redirectTo: string }) {
  const { data: user, isLoading } = useUser();
  if (isLoading) return <FullScreenSpinner />;
  if (!user) return <Navigate to={redirectTo} replace />;
  return <SignedInPage />;
}

/** A page of the app: the address bar names the shared workspace it is in. */
function SignedInPage() {
  useWorkspaceInAddress();
  return <Outlet />;
}

/** /auth, /login, /signup: a signed-in user goes to the dashboard. */
export function RequireGuest() {
  const { data: user, isLoading } = useUser();
  const location = useLocation();
  if (isLoading) return <FullScreenSpinner />;
  if (user) return <Navigate to={nextAfterSignIn(location.search)} replace />;
  return <Outlet />;
}

function AccessDenied() {
  const intl = useIntl();
  useEffect(() => {
    toast({
      variant: 'destructive',
      title: intl.formatMessage({ id: 'site.guards.accessDenied', defaultMessage: 'Access Denied' }),
      description: intl.formatMessage({ id: 'site.guards.accessDeniedDescription', defaultMessage: "You don't have permission to view this page" }),
    });
  }, [intl]);
  return <Navigate to={paths.dashboard} replace />;
}

/** REQUIRE_ADMIN_2FA: an admin without two-factor sign-in is asked to set it up first. */
function TwoFactorFirst() {
  return (
    <div className="mx-auto grid max-w-lg gap-4 px-4 py-16 text-center">
      <ShieldCheck className="mx-auto size-10 text-primary" aria-hidden="true" />
      <h1 className="text-2xl font-semibold tracking-tight">
        <FormattedMessage id="site.guards.twoFactorFirst.title" defaultMessage="Turn on two-factor sign-in first" />
      </h1>
      <p className="text-muted-foreground">
        <FormattedMessage
          id="site.guards.twoFactorFirst.text"
          defaultMessage="The admin area needs two-factor sign-in. Set it up on your account page, then use the admin area as usual."
        />
      </p>
      <Button asChild className="mx-auto">
        <Link to={`${paths.account}?tab=security`}>
          <FormattedMessage id="site.guards.twoFactorFirst.action" defaultMessage="Set up two-factor sign-in" />
        </Link>
      </Button>
    </div>
  );
}

/** /admin: admin and superadmin only; anyone else gets a toast and the dashboard. */
export function RequireAdmin() {
  const { data: user, isLoading } = useUser();
  if (isLoading) return <FullScreenSpinner />;
  if (!isAdmin(user)) return <AccessDenied />;
  if (user?.twoFactorRequired) return <TwoFactorFirst />;
  return <Outlet />;
}
