import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { FullScreenSpinner } from '../components/layout/full-screen-spinner';
import { toast } from '../hooks/use-toast';
import { useUser } from '../lib/auth';
import { paths } from '../lib/paths';
import { isAdmin } from '../lib/user';

/** Signed-in pages (spec section 6). Where a visitor is sent differs per page: /auth or /login. */
export function RequireAuth({ redirectTo }: { redirectTo: string }) {
  const { data: user, isLoading } = useUser();
  if (isLoading) return <FullScreenSpinner />;
  if (!user) return <Navigate to={redirectTo} replace />;
  return <Outlet />;
}

/** /auth, /login, /signup: a signed-in user goes to the dashboard. */
export function RequireGuest() {
  const { data: user, isLoading } = useUser();
  if (isLoading) return <FullScreenSpinner />;
  if (user) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}

function AccessDenied() {
  useEffect(() => {
    toast({ variant: 'destructive', title: 'Access Denied', description: "You don't have permission to view this page" });
  }, []);
  return <Navigate to={paths.dashboard} replace />;
}

/** /admin: admin and superadmin only; anyone else gets a toast and the dashboard. */
export function RequireAdmin() {
  const { data: user, isLoading } = useUser();
  if (isLoading) return <FullScreenSpinner />;
  if (!isAdmin(user)) return <AccessDenied />;
  return <Outlet />;
}
