import { KeyRound } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { paths } from '../../../lib/paths';
import type { User } from '../../../lib/user';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountCard } from './delete-account-card';
import { TwoFactorCard } from './two-factor-card';

export function SecurityTab({ user }: { user: User }) {
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Change password</CardTitle>
          <CardDescription>Update the password you use to log in.</CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm />
        </CardContent>
      </Card>
      <TwoFactorCard user={user} />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Recovery Options</CardTitle>
          <CardDescription>Forgot your current password? We can email you a link to choose a new one.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline">
            <Link to={paths.resetPasswordRequest}>
              <KeyRound aria-hidden="true" />
              Reset password by email
            </Link>
          </Button>
        </CardContent>
      </Card>
      <DeleteAccountCard />
    </div>
  );
}
