import { isEntitledStatus } from '@qrd/contracts';
import { ArrowLeft, Lock } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../hooks/use-page-title';
import { paths } from '../../../lib/paths';
import { useSubscriptionForCodes } from '../api/purchase';
import { useCodeCount } from '../api/qr-codes';
import { CreateCodeForm } from '../components/create-code-form';

/** /create-qr: the subscription gate, then the form (spec section 2). */
export function CreateQrRoute() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'codesCreate.create.pageTitle', defaultMessage: 'Create QR Code' }));
  const subscription = useSubscriptionForCodes();
  const codes = useCodeCount();
  const loading = subscription.isLoading || codes.isLoading;
  const entitled = isEntitledStatus(subscription.data?.status ?? null);

  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:px-6 lg:px-8">
      <Button asChild variant="ghost" className="justify-self-start">
        <Link to={paths.dashboard}>
          <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" /> <FormattedMessage id="codesCreate.create.back" defaultMessage="Back" />
        </Link>
      </Button>
      {loading && (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner /> <FormattedMessage id="codesCreate.common.loading" defaultMessage="Loading..." />
        </p>
      )}
      {!loading && !entitled && (
        <Card>
          <CardHeader>
            <CardTitle as="h1" className="flex items-center gap-2 text-2xl">
              <Lock className="size-5" aria-hidden="true" /> <FormattedMessage id="codesCreate.create.subscriptionRequired" defaultMessage="Subscription Required" />
            </CardTitle>
            <CardDescription>
              <FormattedMessage
                id="codesCreate.create.subscriptionHint"
                defaultMessage="Creating QR codes needs an active subscription. Subscribe, then come back to create your code."
              />
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild>
              <Link to={paths.subscribe}>
                <FormattedMessage id="codesCreate.create.subscribe" defaultMessage="Subscribe Now" />
              </Link>
            </Button>
          </CardContent>
        </Card>
      )}
      {!loading && entitled && subscription.data && (
        <Card>
          <CardHeader>
            <CardTitle as="h1" className="text-2xl">
              <FormattedMessage id="codesCreate.create.title" defaultMessage="Create a QR Code" />
            </CardTitle>
            <CardDescription>
              <FormattedMessage id="codesCreate.create.description" defaultMessage="Print it once; change where it points whenever you like." />
            </CardDescription>
          </CardHeader>
          <CardContent>
            <CreateCodeForm subscription={subscription.data} codesInUse={codes.data ?? 0} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
