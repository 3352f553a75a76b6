import { TriangleAlert } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { AuthCard } from './auth-card';

export function InvalidResetLink() {
  const intl = useIntl();
  return (
    <AuthCard
      icon={<TriangleAlert aria-hidden="true" />}
      title={intl.formatMessage({ id: 'site.invalidResetLink.title', defaultMessage: 'Reset link invalid' })}
      description={intl.formatMessage({ id: 'site.invalidResetLink.text', defaultMessage: 'Invalid or expired password reset link' })}
    >
      <Button asChild className="w-full">
        <Link to={paths.resetPasswordRequest}>
          <FormattedMessage id="site.invalidResetLink.requestNew" defaultMessage="Request new link" />
        </Link>
      </Button>
    </AuthCard>
  );
}
