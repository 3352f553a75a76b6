import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { AuthCard } from './auth-card';

export function InvalidResetLink() {
  return (
    <AuthCard
      icon={<TriangleAlert aria-hidden="true" />}
      title="Reset link invalid"
      description="Invalid or expired password reset link"
    >
      <Button asChild className="w-full">
        <Link to={paths.resetPasswordRequest}>Request new link</Link>
      </Button>
    </AuthCard>
  );
}
