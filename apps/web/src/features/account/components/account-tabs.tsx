import { ChartColumn, CreditCard, Globe, KeyRound, Shield, User as UserIcon, Users, Webhook } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { pickTab } from '../../../lib/paths';
import type { User } from '../../../lib/user';
import { AnalyticsTab } from './analytics-tab';
import { ApiKeysTab } from './api-keys-tab';
import { ProfileTab } from './profile-tab';
import { SecurityTab } from './security-tab';
import { SubscriptionTab } from './subscription-tab';
import { WebhooksTab } from './webhooks-tab';
import { useCan } from '../../../lib/auth';
import { loadDomainsTab } from '../../domains';
import { TeamTab } from '../../workspaces';

// The Domains tab's code downloads when it is opened (the route's loader starts it for ?tab=domains).
const DomainsTab = lazy(() => loadDomainsTab().then((module) => ({ default: module.DomainsTab })));

export const ACCOUNT_TABS = ['profile', 'security', 'team', 'analytics', 'subscription', 'api', 'webhooks', 'domains'] as const;

/** Profile, Security, Team, Analytics, Subscription, API, Webhooks, Domains; ?tab= selects one so other pages can link to it. */
export function AccountTabs({ user }: { user: User }) {
  const [searchParams, setSearchParams] = useSearchParams();
  // In a shared workspace, the tabs of what the member's role does not allow are not shown.
  const shown = {
    analytics: useCan('analytics.read'),
    subscription: useCan('billing.manage'),
    api: useCan('integrations.manage'),
    webhooks: useCan('integrations.manage'),
    domains: useCan('domains.manage'),
  };
  const picked = pickTab(searchParams.get('tab'), ACCOUNT_TABS, 'profile');
  const tab = picked in shown && !shown[picked as keyof typeof shown] ? 'profile' : picked;
  const selectTab = (value: string) => {
    const next = pickTab(value, ACCOUNT_TABS, 'profile');
    setSearchParams(next === 'profile' ? {} : { tab: next }, { replace: true });
  };

  return (
    <Tabs value={tab} onValueChange={selectTab}>
      <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:grid-cols-4 [&>button]:min-w-0 [&>button]:whitespace-normal">
        <TabsTrigger value="profile">
          <UserIcon aria-hidden="true" /> <FormattedMessage id="account.tabs.profile" defaultMessage="Profile" />
        </TabsTrigger>
        <TabsTrigger value="security">
          <Shield aria-hidden="true" /> <FormattedMessage id="account.tabs.security" defaultMessage="Security" />
        </TabsTrigger>
        <TabsTrigger value="team">
          <Users aria-hidden="true" /> <FormattedMessage id="account.tabs.team" defaultMessage="Team" />
        </TabsTrigger>
        {shown.analytics && (
          <TabsTrigger value="analytics">
            <ChartColumn aria-hidden="true" /> <FormattedMessage id="account.tabs.analytics" defaultMessage="Analytics" />
          </TabsTrigger>
        )}
        {shown.subscription && (
          <TabsTrigger value="subscription">
            <CreditCard aria-hidden="true" /> <FormattedMessage id="account.tabs.subscription" defaultMessage="Subscription" />
          </TabsTrigger>
        )}
        {shown.api && (
          <TabsTrigger value="api">
            <KeyRound aria-hidden="true" /> <FormattedMessage id="account.tabs.api" defaultMessage="API" />
          </TabsTrigger>
        )}
        {shown.webhooks && (
          <TabsTrigger value="webhooks">
            <Webhook aria-hidden="true" /> <FormattedMessage id="account.tabs.webhooks" defaultMessage="Webhooks" />
          </TabsTrigger>
        )}
        {shown.domains && (
          <TabsTrigger value="domains">
            <Globe aria-hidden="true" /> <FormattedMessage id="account.tabs.domains" defaultMessage="Domains" />
          </TabsTrigger>
        )}
      </TabsList>
      <TabsContent value="profile">
        <ProfileTab user={user} />
      </TabsContent>
      <TabsContent value="security">
        <SecurityTab user={user} />
      </TabsContent>
      <TabsContent value="team">
        <TeamTab />
      </TabsContent>
      <TabsContent value="analytics">
        <AnalyticsTab />
      </TabsContent>
      <TabsContent value="subscription">
        <SubscriptionTab />
      </TabsContent>
      <TabsContent value="api">
        <ApiKeysTab />
      </TabsContent>
      <TabsContent value="webhooks">
        <WebhooksTab />
      </TabsContent>
      <TabsContent value="domains">
        <Suspense
          fallback={
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner /> <FormattedMessage id="account.tabs.loading" defaultMessage="Loading…" />
            </p>
          }
        >
          <DomainsTab />
        </Suspense>
      </TabsContent>
    </Tabs>
  );
}
