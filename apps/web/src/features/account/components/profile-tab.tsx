import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import type { User } from '../../../lib/user';
import { PendingEmailNotice } from './pending-email-notice';
import { ProfileForm } from './profile-form';
import { ProfilePictureCard } from './profile-picture-card';
import { YourDataCard } from './your-data-card';

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className={value ? 'break-words' : 'text-muted-foreground italic'}>{value || 'Not set'}</dd>
    </div>
  );
}

/** Read-only profile; Edit switches to the form (spec: Profile tab, view or edit); then the picture and "Your data". */
export function ProfileTab({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="flex-row items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle as="h2">Profile</CardTitle>
            <CardDescription>Your personal information.</CardDescription>
          </div>
          {!editing && (
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          )}
        </CardHeader>
        <CardContent className="grid gap-6">
          {user.pendingEmail && <PendingEmailNotice user={user} pendingEmail={user.pendingEmail} />}
          {editing ? (
            <ProfileForm user={user} onDone={() => setEditing(false)} />
          ) : (
            <dl className="grid gap-6 sm:grid-cols-2">
              <Detail label="First name" value={user.firstName} />
              <Detail label="Last name" value={user.lastName} />
              <Detail label="Username" value={user.username} />
              <Detail label="Email" value={user.email} />
            </dl>
          )}
        </CardContent>
      </Card>
      <ProfilePictureCard user={user} />
      <YourDataCard />
    </div>
  );
}
