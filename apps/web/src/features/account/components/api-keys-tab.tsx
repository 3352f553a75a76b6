import type { CreatedApiKey } from '@qrd/contracts';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { getErrorMessage } from '../../../lib/api-client';
import { useApiKeys } from '../api/api-keys';
import { ApiKeyList } from './api-key-list';
import { CreateApiKeyForm } from './create-api-key-form';
import { NewApiKeyNotice } from './new-api-key-notice';

/** API keys for the public API: create one (shown once), see where each was last used, revoke. */
export function ApiKeysTab() {
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Create an API key</CardTitle>
          <CardDescription>
            Create and manage codes from your shop, CRM or print pipeline with the REST API. Send the key as{' '}
            <code className="font-mono">Authorization: Bearer …</code>.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {created ? <NewApiKeyNotice created={created} onDone={() => setCreated(null)} /> : <CreateApiKeyForm onCreated={setCreated} />}
          <Button asChild variant="link" className="justify-self-start px-0">
            <a href="/docs/api" target="_blank" rel="noreferrer">
              API reference <ExternalLink aria-hidden="true" />
            </a>
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Your API keys</CardTitle>
          <CardDescription>Revoke a key you no longer use, or one that may have leaked.</CardDescription>
        </CardHeader>
        <CardContent>
          <QueryState
            look="stacked"
            isLoading={keys.isPending}
            error={keys.isError ? keys.error : null}
            onRetry={() => void keys.refetch()}
            loading="Loading your keys…"
            failure={(error) => `Could not load your keys: ${getErrorMessage(error, 'Please try again later.')}`}
          />
          {keys.isSuccess &&
            (keys.data.length === 0 ? (
              <p className="text-sm text-muted-foreground">No API keys yet. Create one above to start using the API.</p>
            ) : (
              <ApiKeyList keys={keys.data} />
            ))}
        </CardContent>
      </Card>
    </div>
  );
}
