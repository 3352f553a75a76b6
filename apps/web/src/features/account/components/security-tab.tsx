import { KeyRound } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
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
          <CardTitle as="h2">
            <FormattedMessage id="account.security.changePasswordTitle" defaultMessage="Change password" />
          </CardTitle>
          <CardDescription>
            <FormattedMessage id="account.security.changePasswordDescription" defaultMessage="Update the password you use to log in." />
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm />
        </CardContent>
      </Card>
      <TwoFactorCard user={user} />
      <Card>
        <CardHeader>
          <CardTitle as="h2">
            <FormattedMessage id="account.security.recoveryTitle" defaultMessage="Recovery Options" />
          </CardTitle>
          <CardDescription>
            <FormattedMessage
              id="account.security.recoveryDescription"
              defaultMessage="Forgot your current password? We can email you a link to choose a new one."
            />
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline">
            <Link to={paths.resetPasswordRequest}>
              <KeyRound aria-hidden="true" />
              <FormattedMessage id="account.security.resetByEmail" defaultMessage="Reset password by email" />
            </Link>
          </Button>
        </CardContent>
      </Card>
      <DeleteAccountCard />
    </div>
  );
}
