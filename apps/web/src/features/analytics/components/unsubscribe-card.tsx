import { CircleCheck, MailX, TriangleAlert } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { CardFrame } from '../../../components/card-frame';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useUnsubscribeWeeklyReport } from '../api/weekly-report';

/**
 * The page of the link in a weekly report. It unsubscribes on a click, not on load (mail scanners
 * open links), and needs no sign-in: the link's token names the account.
 */
export function UnsubscribeCard({ token }: { token: string | null }) {
  const intl = useIntl();
  const unsubscribe = useUnsubscribeWeeklyReport();

  if (!token || isApiError(unsubscribe.error, 400)) {
    return (
      <CardFrame
        icon={<TriangleAlert aria-hidden="true" />}
        title={intl.formatMessage({ id: 'analytics.unsubscribe.invalidTitle', defaultMessage: 'Link invalid' })}
        description={intl.formatMessage({ id: 'analytics.unsubscribe.invalidDescription', defaultMessage: 'This unsubscribe link is not valid.' })}
      >
        <p className="text-sm text-muted-foreground">
          <FormattedMessage id="analytics.unsubscribe.invalidHint" defaultMessage="You can turn the weekly report off on your account page, under Analytics." />
        </p>
        <Button asChild className="w-full">
          <Link to={`${paths.account}?tab=analytics`}>
            <FormattedMessage id="analytics.unsubscribe.toAccount" defaultMessage="Go to my account" />
          </Link>
        </Button>
      </CardFrame>
    );
  }
  if (unsubscribe.data) {
    return (
      <CardFrame
        icon={<CircleCheck aria-hidden="true" />}
        title={intl.formatMessage({ id: 'analytics.unsubscribe.doneTitle', defaultMessage: 'Unsubscribed' })}
        description={intl.formatMessage({ id: 'analytics.unsubscribe.doneDescription', defaultMessage: 'You will not get the weekly report any more.' })}
      >
        <p role="status" className="text-sm text-muted-foreground">
          <FormattedMessage id="analytics.unsubscribe.doneHint" defaultMessage="Changed your mind? Turn it on again on your account page, under Analytics." />
        </p>
      </CardFrame>
    );
  }
  return (
    <CardFrame
      icon={<MailX aria-hidden="true" />}
      title={intl.formatMessage({ id: 'analytics.unsubscribe.askTitle', defaultMessage: 'Stop the weekly report?' })}
      description={intl.formatMessage({ id: 'analytics.unsubscribe.askDescription', defaultMessage: "The weekly email with your QR codes' scans." })}
    >
      {unsubscribe.isError && (
        <p role="alert" className="text-sm text-destructive">
          {getErrorMessage(unsubscribe.error, intl.formatMessage({ id: 'analytics.unsubscribe.failed', defaultMessage: 'Could not unsubscribe. Try again.' }))}
        </p>
      )}
      <Button className="w-full" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
        {unsubscribe.isPending && <Spinner />} <FormattedMessage id="analytics.unsubscribe.button" defaultMessage="Unsubscribe" />
      </Button>
    </CardFrame>
  );
}
