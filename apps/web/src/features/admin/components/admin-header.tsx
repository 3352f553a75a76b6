import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import type { User } from '../../../lib/user';
import { ROLE_LABELS } from './user-badges';

export function AdminHeader({ user }: { user: User }) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-4">
      <div className="flex items-center gap-3">
        <span className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <ShieldCheck className="size-6" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Admin</h1>
          <p className="text-sm text-muted-foreground">
            Signed in as <span className="font-medium text-foreground">{user.username}</span> ({ROLE_LABELS[user.role]})
          </p>
        </div>
      </div>
      <Button asChild variant="outline">
        <Link to={paths.dashboard}>
          <ArrowLeft aria-hidden="true" /> Back to Dashboard
        </Link>
      </Button>
    </header>
  );
}
