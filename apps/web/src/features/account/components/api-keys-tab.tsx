import type { CreatedApiKey } from '@qrd/contracts';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { getErrorMessage } from '../../../lib/api-client';
import { useApiKeys } from '../api/api-keys';
import { ApiKeyList } from './api-key-list';
import { CreateApiKeyForm } from './create-api-key-form';
import { NewApiKeyNotice } from './new-api-key-notice';

/** The request header that carries a key (the same in every language). */
const AUTH_HEADER = 'Authorization: Bearer …';

/** API keys for the public API: create one (shown once), see where each was last used, revoke. */
export function ApiKeysTab() {
  const intl = useIntl();
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">
            <FormattedMessage id="account.apiKeys.createTitle" defaultMessage="Create an API key" />
          </CardTitle>
          <CardDescription>
            <FormattedMessage
              id="account.apiKeys.createDescription"
              defaultMessage="Create and manage codes from your shop, CRM or print pipeline with the REST API. Send the key as <code>{header}</code>."
              values={{ header: AUTH_HEADER, code: (chunks) => <code className="font-mono">{chunks}</code> }}
            />
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {created ? <NewApiKeyNotice created={created} onDone={() => setCreated(null)} /> : <CreateApiKeyForm onCreated={setCreated} />}
          <Button asChild variant="link" className="justify-self-start px-0">
            <a href="/docs/api" target="_blank" rel="noreferrer">
              <FormattedMessage id="account.apiKeys.reference" defaultMessage="API reference" /> <ExternalLink aria-hidden="true" className="rtl:-scale-x-100" />
            </a>
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">
            <FormattedMessage id="account.apiKeys.listTitle" defaultMessage="Your API keys" />
          </CardTitle>
          <CardDescription>
            <FormattedMessage id="account.apiKeys.listDescription" defaultMessage="Revoke a key you no longer use, or one that may have leaked." />
          </CardDescription>
        </CardHeader>
        <CardContent>
          <QueryState
            look="stacked"
            isLoading={keys.isPending}
            error={keys.isError ? keys.error : null}
            onRetry={() => void keys.refetch()}
            loading={intl.formatMessage({ id: 'account.apiKeys.loading', defaultMessage: 'Loading your keys…' })}
            failure={(error) =>
              intl.formatMessage(
                { id: 'account.apiKeys.loadFailed', defaultMessage: 'Could not load your keys: {reason}' },
                { reason: getErrorMessage(error, intl.formatMessage({ id: 'account.common.tryAgainLater', defaultMessage: 'Please try again later.' })) },
              )
            }
          />
          {keys.isSuccess &&
            (keys.data.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                <FormattedMessage id="account.apiKeys.empty" defaultMessage="No API keys yet. Create one above to start using the API." />
              </p>
            ) : (
              <ApiKeyList keys={keys.data} />
            ))}
        </CardContent>
      </Card>
    </div>
  );
}
