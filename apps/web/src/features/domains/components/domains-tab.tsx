import { Globe } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { QueryState } from '../../../components/query-state';
import { getErrorMessage } from '../../../lib/api-client';
import { useDomains } from '../api/domains';
import { AddDomainForm } from './add-domain-form';
import { DomainList } from './domain-list';

/** Custom short domains: the workspace's own host for its links (https://qr.example.com/menu instead of ours). */
export function DomainsTab() {
  const domains = useDomains();

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Add a custom domain</CardTitle>
          <CardDescription>
            Your codes' short links can use a domain of yours, such as https://qr.example.com/menu, so people see your brand before they scan.
            You prove the domain is yours with a DNS record; once it is verified, choose it when you create a code.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <AddDomainForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Your domains</CardTitle>
          <CardDescription>
            A domain whose records go missing keeps working for a grace period, then is disabled until they are back.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <QueryState
            look="stacked"
            isLoading={domains.isPending}
            error={domains.isError ? domains.error : null}
            onRetry={() => void domains.refetch()}
            loading="Loading your domains…"
            failure={(error) => `Could not load your domains: ${getErrorMessage(error, 'Please try again later.')}`}
          />
          {domains.isSuccess &&
            (domains.data.length === 0 ? (
              <div className="grid justify-items-center gap-2 rounded-md border border-dashed p-6 text-center">
                <Globe className="size-6 text-muted-foreground" aria-hidden="true" />
                <p className="font-medium">No custom domains yet</p>
                <p className="max-w-prose text-sm text-muted-foreground">
                  Without one, your links use our domain. Add a domain above, create the two DNS records it shows, and check it: new codes can
                  then use it. Codes you already printed keep their links.
                </p>
              </div>
            ) : (
              <DomainList domains={domains.data} />
            ))}
        </CardContent>
      </Card>
    </div>
  );
}

export default DomainsTab;
