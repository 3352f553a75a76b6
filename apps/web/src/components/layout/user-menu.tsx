import { LayoutDashboard, LogOut, ShieldCheck, User as UserIcon } from 'lucide-react';
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
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" aria-label="Open account menu">
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
            <LayoutDashboard aria-hidden="true" /> Dashboard
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.account}>
            <UserIcon aria-hidden="true" /> Account
          </Link>
        </DropdownMenuItem>
        {isAdmin(user) && (
          <DropdownMenuItem asChild>
            <Link to={paths.admin}>
              <ShieldCheck aria-hidden="true" /> Admin Dashboard
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={isPending} onSelect={() => void logout()}>
          <LogOut aria-hidden="true" /> Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
