import { ChartColumn, FileUp, History, Plus, QrCode, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useUser, useCan } from '../../../lib/auth';
import { paths, pickTab } from '../../../lib/paths';
import { isAdmin } from '../../../lib/user';
import { ActivityTab, AnalyticsTab } from '../components/dashboard-tabs';
import { CodesList } from '../components/codes-list';

const TABS = ['codes', 'analytics', 'activity'] as const;
/** On a phone the three tabs share 358 px: no icons, and a long label may take two lines. */
const PHONE_TAB = 'px-2 text-center leading-tight whitespace-normal sm:px-3 sm:whitespace-nowrap max-sm:[&_svg]:hidden';

/**
 * /dashboard: the user's codes, their analytics and recent activity, all real. `banner` is shown
 * above the tabs (the app puts the onboarding checklist there).
 */
export function DashboardRoute({ banner }: { banner?: ReactNode }) {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'codesList.dashboard.pageTitle', defaultMessage: 'Dashboard' }));
  const { data: user } = useUser();
  const [params, setParams] = useSearchParams();
  const tab = pickTab(params.get('tab'), TABS, 'codes');
  const canCreate = useCan('codes.write');

  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">
            <FormattedMessage id="codesList.dashboard.title" defaultMessage="My QR Codes" />
          </h1>
          <p className="text-muted-foreground">
            <FormattedMessage id="codesList.dashboard.subtitle" defaultMessage="Change where your codes point at any time and see who scans them." />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {isAdmin(user) && (
            <Button asChild variant="outline">
              <Link to={paths.admin}>
                <ShieldCheck aria-hidden="true" /> <FormattedMessage id="codesList.dashboard.admin" defaultMessage="Go to Admin Dashboard" />
              </Link>
            </Button>
          )}
          {canCreate && (
            <>
              <Button asChild variant="outline">
                <Link to={paths.bulkImport}>
                  <FileUp aria-hidden="true" /> <FormattedMessage id="codesList.dashboard.import" defaultMessage="Import from CSV" />
                </Link>
              </Button>
              <Button asChild>
                <Link to={paths.createQr}>
                  <Plus aria-hidden="true" /> <FormattedMessage id="codesList.dashboard.create" defaultMessage="Create QR Code" />
                </Link>
              </Button>
            </>
          )}
        </div>
      </div>
      {banner}
      <Tabs value={tab} onValueChange={(value) => setParams(value === 'codes' ? {} : { tab: value }, { replace: true })}>
        <TabsList className="grid h-auto w-full grid-cols-3 sm:w-auto sm:inline-grid">
          <TabsTrigger value="codes" className={PHONE_TAB}>
            <QrCode aria-hidden="true" /> <FormattedMessage id="codesList.dashboard.tabCodes" defaultMessage="All QR Codes" />
          </TabsTrigger>
          <TabsTrigger value="analytics" className={PHONE_TAB}>
            <ChartColumn aria-hidden="true" /> <FormattedMessage id="codesList.dashboard.tabAnalytics" defaultMessage="Analytics" />
          </TabsTrigger>
          <TabsTrigger value="activity" className={PHONE_TAB}>
            <History aria-hidden="true" /> <FormattedMessage id="codesList.dashboard.tabActivity" defaultMessage="Recent Activity" />
          </TabsTrigger>
        </TabsList>
        <TabsContent value="codes" className="pt-4">
          <CodesList />
        </TabsContent>
        <TabsContent value="analytics" className="pt-4">
          <AnalyticsTab />
        </TabsContent>
        <TabsContent value="activity" className="pt-4">
          <ActivityTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
