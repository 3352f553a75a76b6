import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import type { User } from '../../../lib/user';
import { LanguageCard } from './language-card';
import { PendingEmailNotice } from './pending-email-notice';
import { ProfileForm } from './profile-form';
import { ProfilePictureCard } from './profile-picture-card';
import { YourDataCard } from './your-data-card';

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className={value ? 'break-words' : 'text-muted-foreground italic'}>{value || <FormattedMessage id="account.profileTab.notSet" defaultMessage="Not set" />}</dd>
    </div>
  );
}

/** Read-only profile; Edit switches to the form (spec: Profile tab, view or edit); then the picture and "Your data". */
export function ProfileTab({ user }: { user: User }) {
  const intl = useIntl();
  const [editing, setEditing] = useState(false);
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="flex-row items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle as="h2">
              <FormattedMessage id="account.profileTab.title" defaultMessage="Profile" />
            </CardTitle>
            <CardDescription>
              <FormattedMessage id="account.profileTab.description" defaultMessage="Your personal information." />
            </CardDescription>
          </div>
          {!editing && (
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              <FormattedMessage id="account.profileTab.edit" defaultMessage="Edit" />
            </Button>
          )}
        </CardHeader>
        <CardContent className="grid gap-6">
          {user.pendingEmail && <PendingEmailNotice user={user} pendingEmail={user.pendingEmail} />}
          {editing ? (
            <ProfileForm user={user} onDone={() => setEditing(false)} />
          ) : (
            <dl className="grid gap-6 sm:grid-cols-2">
              <Detail label={intl.formatMessage({ id: 'account.profile.firstName', defaultMessage: 'First name' })} value={user.firstName} />
              <Detail label={intl.formatMessage({ id: 'account.profile.lastName', defaultMessage: 'Last name' })} value={user.lastName} />
              <Detail label={intl.formatMessage({ id: 'account.profile.username', defaultMessage: 'Username' })} value={user.username} />
              <Detail label={intl.formatMessage({ id: 'account.profile.email', defaultMessage: 'Email' })} value={user.email} />
            </dl>
          )}
        </CardContent>
      </Card>
      <ProfilePictureCard user={user} />
      <LanguageCard />
      <YourDataCard />
    </div>
  );
}
