import { Globe } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { QueryState } from '../../../components/query-state';
import { getErrorMessage } from '../../../lib/api-client';
import { useDomains } from '../api/domains';
import { AddDomainForm } from './add-domain-form';
import { DomainList } from './domain-list';

/** Custom short domains: the workspace's own host for its links (https://qr.example.com/menu instead of ours). */
export function DomainsTab() {
  const intl = useIntl();
  const domains = useDomains();

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">
            <FormattedMessage id="analytics.domainsTab.addTitle" defaultMessage="Add a custom domain" />
          </CardTitle>
          <CardDescription>
            <FormattedMessage
              id="analytics.domainsTab.addDescription"
              defaultMessage="Your codes' short links can use a domain of yours, such as https://qr.example.com/menu, so people see your brand before they scan. You prove the domain is yours with a DNS record; once it is verified, choose it when you create a code."
            />
          </CardDescription>
        </CardHeader>
        <CardContent>
          <AddDomainForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">
            <FormattedMessage id="analytics.domainsTab.listTitle" defaultMessage="Your domains" />
          </CardTitle>
          <CardDescription>
            <FormattedMessage
              id="analytics.domainsTab.listDescription"
              defaultMessage="A domain whose records go missing keeps working for a grace period, then is disabled until they are back."
            />
          </CardDescription>
        </CardHeader>
        <CardContent>
          <QueryState
            look="stacked"
            isLoading={domains.isPending}
            error={domains.isError ? domains.error : null}
            onRetry={() => void domains.refetch()}
            loading={intl.formatMessage({ id: 'analytics.domainsTab.loading', defaultMessage: 'Loading your domains…' })}
            failure={(error) =>
              intl.formatMessage(
                { id: 'analytics.domainsTab.loadFailed', defaultMessage: 'Could not load your domains: {reason}' },
                { reason: getErrorMessage(error, intl.formatMessage({ id: 'analytics.domainList.tryLater', defaultMessage: 'Please try again later.' })) },
              )
            }
          />
          {domains.isSuccess &&
            (domains.data.length === 0 ? (
              <div className="grid justify-items-center gap-2 rounded-md border border-dashed p-6 text-center">
                <Globe className="size-6 text-muted-foreground" aria-hidden="true" />
                <p className="font-medium">
                  <FormattedMessage id="analytics.domainsTab.empty" defaultMessage="No custom domains yet" />
                </p>
                <p className="max-w-prose text-sm text-muted-foreground">
                  <FormattedMessage
                    id="analytics.domainsTab.emptyHint"
                    defaultMessage="Without one, your links use our domain. Add a domain above, create the two DNS records it shows, and check it: new codes can then use it. Codes you already printed keep their links."
                  />
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
