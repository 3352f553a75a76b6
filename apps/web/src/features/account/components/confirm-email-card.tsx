import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, MailCheck, TriangleAlert } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
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
  const intl = useIntl();
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
      <CardFrame
        icon={<TriangleAlert aria-hidden="true" />}
        title={intl.formatMessage({ id: 'account.confirmEmail.invalidTitle', defaultMessage: 'Link invalid' })}
        description={intl.formatMessage({
          id: 'account.confirmEmail.invalidDescription',
          defaultMessage: 'This email confirmation link is invalid or has expired.',
        })}
      >
        <p className="text-sm text-muted-foreground">
          <FormattedMessage id="account.confirmEmail.invalidHelp" defaultMessage="Change your email again on your account page to get a new link." />
        </p>
        <Button asChild className="w-full">
          <Link to={paths.account}>
            <FormattedMessage id="account.confirmEmail.goToAccount" defaultMessage="Go to my account" />
          </Link>
        </Button>
      </CardFrame>
    );
  }

  if (confirm.data) {
    return (
      <CardFrame
        icon={<CircleCheck aria-hidden="true" />}
        title={intl.formatMessage({ id: 'account.confirmEmail.confirmedTitle', defaultMessage: 'Email confirmed' })}
        description={
          <FormattedMessage
            id="account.confirmEmail.confirmedDescription"
            defaultMessage="<strong>{email}</strong> is now the email address of your account: use it to sign in and to reset your password."
            values={{ email: confirm.data.email, strong: (chunks) => <strong className="text-foreground">{chunks}</strong> }}
          />
        }
      >
        <Button asChild className="w-full">
          <Link to={paths.account}>
            <FormattedMessage id="account.confirmEmail.goToAccount" defaultMessage="Go to my account" />
          </Link>
        </Button>
      </CardFrame>
    );
  }

  return (
    <CardFrame
      icon={<MailCheck aria-hidden="true" />}
      title={intl.formatMessage({ id: 'account.confirmEmail.title', defaultMessage: 'Confirm your new email' })}
      description={intl.formatMessage({
        id: 'account.confirmEmail.description',
        defaultMessage: 'Make this address the one you sign in and reset your password with.',
      })}
    >
      {confirm.isError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {getErrorMessage(
            confirm.error,
            intl.formatMessage({ id: 'account.confirmEmail.failed', defaultMessage: 'Could not confirm your email. Please try again.' }),
          )}
        </p>
      )}
      <Button className="w-full" onClick={onConfirm} disabled={confirm.isPending}>
        {confirm.isPending && <Spinner />}
        {confirm.isPending ? (
          <FormattedMessage id="account.confirmEmail.confirming" defaultMessage="Confirming..." />
        ) : (
          <FormattedMessage id="account.confirmEmail.confirm" defaultMessage="Confirm email address" />
        )}
      </Button>
    </CardFrame>
  );
}
