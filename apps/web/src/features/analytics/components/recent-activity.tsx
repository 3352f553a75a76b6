import type { RecentActivity as Activity } from '@qrd/contracts';
import { PencilLine, Plus, ScanLine } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { paths } from '../../../lib/paths';
import { useAccountAnalytics } from '../api/analytics';
import { countryName, deviceName, formatWhen } from '../lib/figures';
import { QueryState } from './query-state';

const ACTIONS = {
  scan: { icon: ScanLine, verb: 'Scanned' },
  edit: { icon: PencilLine, verb: 'Destination changed' },
  create: { icon: Plus, verb: 'Created' },
} as const;

function where(activity: Activity): string | null {
  if (activity.action !== 'scan') return null;
  const place = [activity.city, activity.country ? countryName(activity.country) : null].filter(Boolean).join(', ');
  return [place, activity.device ? deviceName(activity.device) : null].filter(Boolean).join(' · ') || null;
}

/** The dashboard's Recent Activity tab: real scans, creations and destination changes. */
export function RecentActivityList() {
  const query = useAccountAnalytics();
  const items = query.data?.recentActivity;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
        <CardDescription>The latest scans and changes of your QR codes.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState isLoading={query.isLoading} error={query.error} onRetry={() => void query.refetch()} />
        {items && items.length === 0 && <p className="text-sm text-muted-foreground">Nothing yet: create a QR code and scan it.</p>}
        {items && items.length > 0 && (
          <ul className="divide-y">
            {items.map((activity) => {
              const { icon: Icon, verb } = ACTIONS[activity.action];
              const detail = where(activity);
              return (
                <li key={activity.id} className="flex items-start gap-3 py-3">
                  <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="text-sm">
                      {verb}:{' '}
                      <Link to={paths.editQr(activity.codeId)} className="font-medium underline-offset-4 hover:underline">
                        {activity.codeName}
                      </Link>
                    </p>
                    {detail && <p className="text-xs text-muted-foreground">{detail}</p>}
                  </div>
                  <time dateTime={activity.at} className="shrink-0 text-xs text-muted-foreground">
                    {formatWhen(activity.at)}
                  </time>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
