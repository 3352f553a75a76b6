import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useLogout, useUser } from '../../lib/auth';
import { authHref, paths, sectionHref } from '../../lib/paths';
import { getDisplayName, isAdmin } from '../../lib/user';
import { cn } from '../../lib/utils';
import { ModeToggle } from '../theme/mode-toggle';
import { Button } from '../ui/button';
import { Brand } from './brand';
import { UserAvatar } from '../user-avatar';

// Only signed-in users need the avatar menu (and the menu library it brings).
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

const messages = defineMessages({
  features: { id: 'site.topBar.features', defaultMessage: 'Features' },
  pricing: { id: 'site.topBar.pricing', defaultMessage: 'Pricing' },
  faq: { id: 'site.topBar.faq', defaultMessage: 'FAQ' },
  mainNav: { id: 'site.topBar.mainNav', defaultMessage: 'Main' },
  mobileNav: { id: 'site.topBar.mobileNav', defaultMessage: 'Mobile' },
  openMenu: { id: 'site.topBar.openMenu', defaultMessage: 'Open menu' },
  closeMenu: { id: 'site.topBar.closeMenu', defaultMessage: 'Close menu' },
});

const SECTION_LINKS = [
  { label: messages.features, href: sectionHref('features') },
  { label: messages.pricing, href: sectionHref('pricing') },
  { label: messages.faq, href: sectionHref('faq') },
] as const;

const navLinkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** Sticky top bar (spec section 2): sections, Dashboard when signed in, account menu or Log in / Sign up. */
/** `items`: what app/ puts beside the account menu (the workspace switcher). */
export function TopBar({ items }: { items?: ReactNode }) {
  const { data: user, isLoading } = useUser();
  const { logout, isPending } = useLogout();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const intl = useIntl();

  // Any navigation closes the mobile menu.
  useEffect(() => setMenuOpen(false), [location.key]);

  return (
    <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:px-6 lg:px-8">
        <Link to={paths.home} className="rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <Brand />
        </Link>

        <nav aria-label={intl.formatMessage(messages.mainNav)} className="hidden items-center gap-1 md:flex">
          {SECTION_LINKS.map((link) => (
            <Link key={link.href} to={link.href} className={navLinkClass}>
              {intl.formatMessage(link.label)}
            </Link>
          ))}
          {user && (
            <NavLink to={paths.dashboard} className={({ isActive }) => cn(navLinkClass, isActive && 'text-foreground')}>
              <FormattedMessage id="site.topBar.dashboard" defaultMessage="Dashboard" />
            </NavLink>
          )}
        </nav>

        <div className="flex min-w-0 items-center gap-1 sm:gap-2">
          {items}
          <ModeToggle />
          <div className="hidden items-center gap-2 md:flex">
            {user ? (
              <Suspense fallback={<UserAvatar user={user} />}>
                <UserMenu user={user} />
              </Suspense>
            ) : (
              !isLoading && (
                <>
                  <Button asChild variant="ghost">
                    <Link to={authHref('login')}><FormattedMessage id="site.topBar.logIn" defaultMessage="Log in" /></Link>
                  </Button>
                  <Button asChild>
                    <Link to={authHref('signup')}><FormattedMessage id="site.topBar.signUp" defaultMessage="Sign up" /></Link>
                  </Button>
                </>
              )
            )}
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={intl.formatMessage(menuOpen ? messages.closeMenu : messages.openMenu)}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>

      <div id={menuId} hidden={!menuOpen} className="border-t md:hidden">
        <nav aria-label={intl.formatMessage(messages.mobileNav)} className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
          {user && (
            <div className="mb-2 flex items-center gap-3 px-3">
              <UserAvatar user={user} />
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{getDisplayName(user)}</p>
                <p className="truncate text-xs text-muted-foreground">{user.email}</p>
              </div>
            </div>
          )}
          {SECTION_LINKS.map((link) => (
            <Link key={link.href} to={link.href} className={navLinkClass}>
              {intl.formatMessage(link.label)}
            </Link>
          ))}
          {user ? (
            <>
              <Link to={paths.dashboard} className={navLinkClass}>
                <FormattedMessage id="site.topBar.dashboard" defaultMessage="Dashboard" />
              </Link>
              <Link to={paths.account} className={navLinkClass}>
                <FormattedMessage id="site.topBar.account" defaultMessage="Account" />
              </Link>
              {isAdmin(user) && (
                <Link to={paths.admin} className={navLinkClass}>
                  <FormattedMessage id="site.topBar.adminDashboard" defaultMessage="Admin Dashboard" />
                </Link>
              )}
              <button
                type="button"
                disabled={isPending}
                onClick={() => void logout()}
                className={cn(navLinkClass, 'text-start disabled:opacity-50')}
              >
                <FormattedMessage id="site.topBar.logout" defaultMessage="Logout" />
              </button>
            </>
          ) : (
            !isLoading && (
              <div className="mt-2 grid grid-cols-2 gap-2">
                <Button asChild variant="outline">
                  <Link to={authHref('login')}><FormattedMessage id="site.topBar.logIn" defaultMessage="Log in" /></Link>
                </Button>
                <Button asChild>
                  <Link to={authHref('signup')}><FormattedMessage id="site.topBar.signUp" defaultMessage="Sign up" /></Link>
                </Button>
              </div>
            )
          )}
        </nav>
      </div>
    </header>
  );
}
