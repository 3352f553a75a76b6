import { LogOut } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { UserAvatar } from '../../../components/user-avatar';
import { Button } from '../../../components/ui/button';
import { useLogout } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { getDisplayName, type User } from '../../../lib/user';

export function AccountHeader({ user }: { user: User }) {
  const { logout, isPending } = useLogout();
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-4">
        <UserAvatar user={user} className="size-16" fallbackClassName="text-xl" />
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold tracking-tight sm:text-3xl">{getDisplayName(user)}</h1>
          <p className="truncate text-muted-foreground">{user.email}</p>
        </div>
      </div>
      <Button variant="outline" onClick={() => void logout(paths.login)} disabled={isPending} className="self-start sm:self-auto">
        <LogOut aria-hidden="true" />
        <FormattedMessage id="account.header.signOut" defaultMessage="Sign Out" />
      </Button>
    </div>
  );
}
