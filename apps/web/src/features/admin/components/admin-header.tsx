import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import type { User } from '../../../lib/user';
import { ROLE_LABELS } from './user-badges';

export function AdminHeader({ user }: { user: User }) {
  const intl = useIntl();
  return (
    <header className="flex flex-wrap items-center justify-between gap-4">
      <div className="flex items-center gap-3">
        <span className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <ShieldCheck className="size-6" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-3xl font-bold tracking-tight">
            <FormattedMessage id="analytics.admin.header.title" defaultMessage="Admin" />
          </h1>
          <p className="text-sm text-muted-foreground">
            <FormattedMessage
              id="analytics.admin.header.signedInAs"
              defaultMessage="Signed in as <b>{username}</b> ({role})"
              values={{
                username: user.username,
                role: intl.formatMessage(ROLE_LABELS[user.role]),
                b: (chunks) => <span className="font-medium text-foreground">{chunks}</span>,
              }}
            />
          </p>
        </div>
      </div>
      <Button asChild variant="outline">
        <Link to={paths.dashboard}>
          <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" /> <FormattedMessage id="analytics.admin.header.back" defaultMessage="Back to Dashboard" />
        </Link>
      </Button>
    </header>
  );
}
