import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
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

const SECTION_LINKS = [
  { label: 'Features', href: sectionHref('features') },
  { label: 'Pricing', href: sectionHref('pricing') },
  { label: 'FAQ', href: sectionHref('faq') },
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

  // Any navigation closes the mobile menu.
  useEffect(() => setMenuOpen(false), [location.key]);

  return (
    <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:px-6 lg:px-8">
        <Link to={paths.home} className="rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <Brand />
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {SECTION_LINKS.map((link) => (
            <Link key={link.href} to={link.href} className={navLinkClass}>
              {link.label}
            </Link>
          ))}
          {user && (
            <NavLink to={paths.dashboard} className={({ isActive }) => cn(navLinkClass, isActive && 'text-foreground')}>
              Dashboard
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
                    <Link to={authHref('login')}>Log in</Link>
                  </Button>
                  <Button asChild>
                    <Link to={authHref('signup')}>Sign up</Link>
                  </Button>
                </>
              )
            )}
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>

      <div id={menuId} hidden={!menuOpen} className="border-t md:hidden">
        <nav aria-label="Mobile" className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
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
              {link.label}
            </Link>
          ))}
          {user ? (
            <>
              <Link to={paths.dashboard} className={navLinkClass}>
                Dashboard
              </Link>
              <Link to={paths.account} className={navLinkClass}>
                Account
              </Link>
              {isAdmin(user) && (
                <Link to={paths.admin} className={navLinkClass}>
                  Admin Dashboard
                </Link>
              )}
              <button
                type="button"
                disabled={isPending}
                onClick={() => void logout()}
                className={cn(navLinkClass, 'text-left disabled:opacity-50')}
              >
                Logout
              </button>
            </>
          ) : (
            !isLoading && (
              <div className="mt-2 grid grid-cols-2 gap-2">
                <Button asChild variant="outline">
                  <Link to={authHref('login')}>Log in</Link>
                </Button>
                <Button asChild>
                  <Link to={authHref('signup')}>Sign up</Link>
                </Button>
              </div>
            )
          )}
        </nav>
      </div>
    </header>
  );
}
