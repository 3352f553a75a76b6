import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, MailCheck, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router-dom';
import { CardFrame } from '../../../components/card-frame';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { authKeys } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useConfirmEmailChange } from '../api/update-profile';

/**
 * The page of the link mailed to a new address. It confirms on a click, not on load: mail
 * scanners that open links must not confirm a change for the owner.
 */
export function ConfirmEmailCard({ token }: { token: string | undefined }) {
  const confirm = useConfirmEmailChange();
  const queryClient = useQueryClient();

  async function onConfirm() {
    if (!token) return;
    try {
      await confirm.mutateAsync(token);
    } catch {
      return;
    }
    await queryClient.invalidateQueries({ queryKey: authKeys.user() });
  }

  if (!token || isApiError(confirm.error, 410) || isApiError(confirm.error, 404)) {
    return (
      <CardFrame icon={<TriangleAlert aria-hidden="true" />} title="Link invalid" description="This email confirmation link is invalid or has expired.">
        <p className="text-sm text-muted-foreground">Change your email again on your account page to get a new link.</p>
        <Button asChild className="w-full">
          <Link to={paths.account}>Go to my account</Link>
        </Button>
      </CardFrame>
    );
  }

  if (confirm.data) {
    return (
      <CardFrame
        icon={<CircleCheck aria-hidden="true" />}
        title="Email confirmed"
        description={
          <>
            <strong className="text-foreground">{confirm.data.email}</strong> is now the email address of your account: use it to sign in and to
            reset your password.
          </>
        }
      >
        <Button asChild className="w-full">
          <Link to={paths.account}>Go to my account</Link>
        </Button>
      </CardFrame>
    );
  }

  return (
    <CardFrame icon={<MailCheck aria-hidden="true" />} title="Confirm your new email" description="Make this address the one you sign in and reset your password with.">
      {confirm.isError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {getErrorMessage(confirm.error, 'Could not confirm your email. Please try again.')}
        </p>
      )}
      <Button className="w-full" onClick={onConfirm} disabled={confirm.isPending}>
        {confirm.isPending && <Spinner />}
        {confirm.isPending ? 'Confirming...' : 'Confirm email address'}
      </Button>
    </CardFrame>
  );
}
