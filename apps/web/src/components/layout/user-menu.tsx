import { LayoutDashboard, LogOut, ShieldCheck, User as UserIcon } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useLogout } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { getDisplayName, isAdmin, type User } from '../../lib/user';
import { UserAvatar } from '../user-avatar';
import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';

/** Desktop avatar menu: Dashboard, Account, Admin Dashboard (admins only), Logout. */
export function UserMenu({ user }: { user: User }) {
  const { logout, isPending } = useLogout();
  const intl = useIntl();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" aria-label={intl.formatMessage({ id: 'site.userMenu.open', defaultMessage: 'Open account menu' })}>
          <UserAvatar user={user} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="font-normal">
          <p className="truncate text-sm font-medium">{getDisplayName(user)}</p>
          <p className="truncate text-xs text-muted-foreground">{user.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.dashboard}>
            <LayoutDashboard aria-hidden="true" /> <FormattedMessage id="site.topBar.dashboard" defaultMessage="Dashboard" />
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.account}>
            <UserIcon aria-hidden="true" /> <FormattedMessage id="site.topBar.account" defaultMessage="Account" />
          </Link>
        </DropdownMenuItem>
        {isAdmin(user) && (
          <DropdownMenuItem asChild>
            <Link to={paths.admin}>
              <ShieldCheck aria-hidden="true" /> <FormattedMessage id="site.topBar.adminDashboard" defaultMessage="Admin Dashboard" />
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={isPending} onSelect={() => void logout()}>
          <LogOut aria-hidden="true" className="rtl:-scale-x-100" /> <FormattedMessage id="site.topBar.logout" defaultMessage="Logout" />
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
