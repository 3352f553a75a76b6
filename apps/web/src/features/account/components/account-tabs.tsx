import { ChartColumn, CreditCard, KeyRound, Shield, User as UserIcon, Users, Webhook } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
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
import { TeamTab } from '../../workspaces';

export const ACCOUNT_TABS = ['profile', 'security', 'team', 'analytics', 'subscription', 'api', 'webhooks'] as const;

/** Profile, Security, Team, Analytics, Subscription, API, Webhooks; ?tab= selects one so other pages can link to it. */
export function AccountTabs({ user }: { user: User }) {
  const [searchParams, setSearchParams] = useSearchParams();
  // In a shared workspace, the tabs of what the member's role does not allow are not shown.
  const shown = {
    analytics: useCan('analytics.read'),
    subscription: useCan('billing.manage'),
    api: useCan('integrations.manage'),
    webhooks: useCan('integrations.manage'),
  };
  const picked = pickTab(searchParams.get('tab'), ACCOUNT_TABS, 'profile');
  const tab = picked in shown && !shown[picked as keyof typeof shown] ? 'profile' : picked;
  const selectTab = (value: string) => {
    const next = pickTab(value, ACCOUNT_TABS, 'profile');
    setSearchParams(next === 'profile' ? {} : { tab: next }, { replace: true });
  };

  return (
    <Tabs value={tab} onValueChange={selectTab}>
      <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:grid-cols-4 lg:grid-cols-7">
        <TabsTrigger value="profile">
          <UserIcon aria-hidden="true" /> Profile
        </TabsTrigger>
        <TabsTrigger value="security">
          <Shield aria-hidden="true" /> Security
        </TabsTrigger>
        <TabsTrigger value="team">
          <Users aria-hidden="true" /> Team
        </TabsTrigger>
        {shown.analytics && (
          <TabsTrigger value="analytics">
            <ChartColumn aria-hidden="true" /> Analytics
          </TabsTrigger>
        )}
        {shown.subscription && (
          <TabsTrigger value="subscription">
            <CreditCard aria-hidden="true" /> Subscription
          </TabsTrigger>
        )}
        {shown.api && (
          <TabsTrigger value="api">
            <KeyRound aria-hidden="true" /> API
          </TabsTrigger>
        )}
        {shown.webhooks && (
          <TabsTrigger value="webhooks">
            <Webhook aria-hidden="true" /> Webhooks
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
    </Tabs>
  );
}
