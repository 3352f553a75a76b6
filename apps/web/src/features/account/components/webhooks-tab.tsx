import type { WebhookEndpointWithSecret } from '@qrd/contracts';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { getErrorMessage } from '../../../lib/api-client';
import { useWebhooks } from '../api/webhooks';
import { ConversionsCard } from './conversions-card';
import { CreateWebhookForm } from './create-webhook-form';
import { WebhookList } from './webhook-list';
import { WebhookSecretNotice } from './webhook-secret-notice';

/** Webhooks: endpoints that receive signed events, each with its delivery log. */
export function WebhooksTab() {
  const intl = useIntl();
  const endpoints = useWebhooks();
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">
            <FormattedMessage id="account.webhooks.addTitle" defaultMessage="Add a webhook endpoint" />
          </CardTitle>
          <CardDescription>
            <FormattedMessage
              id="account.webhooks.addDescription"
              defaultMessage="Your server hears of new codes, changes, scans and subscription changes as they happen. Each request is signed with the endpoint's secret; failed deliveries are retried for about a day."
            />
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {secret ? <WebhookSecretNotice endpoint={secret} onDone={() => setSecret(null)} /> : <CreateWebhookForm onCreated={setSecret} />}
          <Button asChild variant="link" className="justify-self-start px-0">
            <a href="/docs/api" target="_blank" rel="noreferrer">
              <FormattedMessage id="account.webhooks.verifyLink" defaultMessage="How to verify signatures" /> <ExternalLink aria-hidden="true" className="rtl:-scale-x-100" />
            </a>
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">
            <FormattedMessage id="account.webhooks.listTitle" defaultMessage="Your webhook endpoints" />
          </CardTitle>
          <CardDescription>
            <FormattedMessage
              id="account.webhooks.listDescription"
              defaultMessage="An endpoint that keeps failing is disabled and you get an email; enable it again once it works."
            />
          </CardDescription>
        </CardHeader>
        <CardContent>
          <QueryState
            look="stacked"
            isLoading={endpoints.isPending}
            error={endpoints.isError ? endpoints.error : null}
            onRetry={() => void endpoints.refetch()}
            loading={intl.formatMessage({ id: 'account.webhooks.loading', defaultMessage: 'Loading your endpoints…' })}
            failure={(error) =>
              intl.formatMessage(
                { id: 'account.webhooks.loadFailed', defaultMessage: 'Could not load your endpoints: {reason}' },
                { reason: getErrorMessage(error, intl.formatMessage({ id: 'account.common.tryAgainLater', defaultMessage: 'Please try again later.' })) },
              )
            }
          />
          {endpoints.isSuccess &&
            (endpoints.data.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                <FormattedMessage id="account.webhooks.empty" defaultMessage="No webhook endpoints yet. Add one above." />
              </p>
            ) : (
              <WebhookList endpoints={endpoints.data} onSecret={setSecret} />
            ))}
        </CardContent>
      </Card>
      <ConversionsCard />
    </div>
  );
}
