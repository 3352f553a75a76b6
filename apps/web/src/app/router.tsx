import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { FullScreenSpinner } from '../components/layout/full-screen-spinner';
import { authHref, paths } from '../lib/paths';
import { AppShell } from './app-shell';
import { RequireAdmin, RequireAuth, RequireGuest } from './guards';
import { prefetchRoute } from './route-data';
import { RouteError } from './routes/route-error';

// Every screen is its own chunk, so the landing page only loads the shell and itself.
const LandingRoute = lazy(() => import('./routes/landing'));
const AuthRoute = lazy(() => import('./routes/auth'));
const ResetPasswordRequestRoute = lazy(() => import('./routes/reset-password-request'));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password'));
const loadAccount = () => import('./routes/account');
const AccountRoute = lazy(loadAccount);
const ConfirmEmailRoute = lazy(() => import('./routes/confirm-email'));
const UnsubscribeRoute = lazy(() => import('./routes/unsubscribe'));
const OnboardingRoute = lazy(() => import('./routes/onboarding'));
const AdminRoute = lazy(() => import('./routes/admin'));
const AboutRoute = lazy(() => import('./routes/about'));
const ContactRoute = lazy(() => import('./routes/contact'));
const PrivacyRoute = lazy(() => import('./routes/privacy'));
const TermsRoute = lazy(() => import('./routes/terms'));
const ReportRoute = lazy(() => import('./routes/report'));
const SubscribeRoute = lazy(() =>
  import('../features/billing/routes/subscribe-route').then((m) => ({ default: m.SubscribeRoute })),
);
const loadDashboard = () => import('./routes/dashboard');
const DashboardRoute = lazy(loadDashboard);
// Opened at /dashboard: its code downloads while the signed-in user is asked for, not after.
if (typeof window !== 'undefined' && window.location.pathname === paths.dashboard) void loadDashboard();
const CreateQrRoute = lazy(() => import('../features/qrcodes/routes/create-qr-route').then((m) => ({ default: m.CreateQrRoute })));
const BulkImportRoute = lazy(() => import('../features/qrcodes/routes/bulk-import-route').then((m) => ({ default: m.BulkImportRoute })));
const loadEditQr = () => import('../features/qrcodes/routes/edit-qr-route');
const EditQrRoute = lazy(() => loadEditQr().then((m) => ({ default: m.EditQrRoute })));
const QrLandingRoute = lazy(() => import('../features/qrcodes/routes/qr-landing-route').then((m) => ({ default: m.QrLandingRoute })));
const loadHostedPage = () => import('../features/hosted-pages/routes/hosted-page-route');
const HostedPageRoute = lazy(() => loadHostedPage().then((m) => ({ default: m.HostedPageRoute })));
const WorkspaceLinkRoute = lazy(() =>
  import('../features/workspaces/routes/workspace-link-route').then((m) => ({ default: m.WorkspaceLinkRoute })),
);
const InvitationRoute = lazy(() => import('../features/workspaces/routes/invitation-route').then((m) => ({ default: m.InvitationRoute })));
const NotFoundRoute = lazy(() => import('./routes/not-found'));

/**
 * The app's routes. Those whose screen needs data before it can show anything (a code, a hosted
 * page, an account tab) ask for it in their loader, beside their code, as the navigation starts.
 */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  // A content code's hosted page: the scanner's phone, without the site's header and footer.
  {
    path: '/p/:slug',
    loader: prefetchRoute(queryClient, { screen: loadHostedPage, queries: 'hostedPage' }),
    hydrateFallbackElement: <FullScreenSpinner />,
    element: (
      <Suspense fallback={<FullScreenSpinner />}>
        <HostedPageRoute />
      </Suspense>
    ),
    errorElement: <RouteError />,
  },
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    // Shown only until the first loaders have run (they never wait, so for a moment at most).
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      { path: paths.home, element: <LandingRoute /> },
      {
        element: <RequireGuest />,
        children: [{ path: paths.auth, element: <AuthRoute /> }],
      },
      { path: paths.login, element: <Navigate to={authHref('login')} replace /> },
      { path: paths.signup, element: <Navigate to={authHref('signup')} replace /> },
      { path: paths.resetPasswordRequest, element: <ResetPasswordRequestRoute /> },
      { path: '/reset-password', element: <ResetPasswordRoute /> },
      { path: '/reset-password/:token', element: <ResetPasswordRoute /> },
      // The link mailed to a new address; it works signed in or not (another browser, a phone).
      { path: '/confirm-email/:token', element: <ConfirmEmailRoute /> },
      // The link of an invitation mail: it shows the invitation signed in or not.
      { path: '/invitations/:token', element: <InvitationRoute /> },
      // The link in a weekly report; no sign-in needed.
      { path: '/unsubscribe', element: <UnsubscribeRoute /> },
      {
        // Spec section 6: dashboard and subscribe send visitors to /auth ...
        element: <RequireAuth redirectTo={paths.auth} />,
        children: [
          { path: paths.dashboard, element: <DashboardRoute /> },
          { path: paths.subscribe, element: <SubscribeRoute /> },
          { path: paths.onboarding, element: <OnboardingRoute /> },
        ],
      },
      {
        // ... account, create and edit send them to the login entry (/login, which is /auth).
        element: <RequireAuth redirectTo={paths.login} />,
        children: [
          { path: paths.account, loader: prefetchRoute(queryClient, { screen: loadAccount, queries: 'account' }), element: <AccountRoute /> },
          { path: paths.createQr, element: <CreateQrRoute /> },
          { path: paths.bulkImport, element: <BulkImportRoute /> },
          // A page of the app in a given workspace: /w/{workspace}/dashboard, /w/{workspace}/edit-qr/{id}.
          { path: '/w/:workspaceId/*', element: <WorkspaceLinkRoute /> },
          { path: '/edit-qr/:id', loader: prefetchRoute(queryClient, { screen: loadEditQr, queries: 'code' }), element: <EditQrRoute /> },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [{ path: paths.admin, element: <AdminRoute /> }],
      },
      { path: '/qr/:id', element: <QrLandingRoute /> },
      { path: paths.about, element: <AboutRoute /> },
      { path: paths.contact, element: <ContactRoute /> },
      { path: paths.privacy, element: <PrivacyRoute /> },
      { path: paths.terms, element: <TermsRoute /> },
      { path: paths.report, element: <ReportRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
