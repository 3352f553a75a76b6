import { ChartColumn } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { EmptyState } from './empty-state';

/**
 * Account analytics (spec: Total Scans, QR Codes, Recent Scans, Last Scan from GET /api/analytics).
 * The analytics task fills this tab with the real figures; until then it says so.
 */
export function AnalyticsTab() {
  return (
    <EmptyState
      title="Analytics"
      icon={<ChartColumn aria-hidden="true" />}
      message="Scan analytics for your account will appear here."
      action={
        <Button asChild variant="outline" className="mt-2">
          <Link to={paths.dashboard}>View Dashboard</Link>
        </Button>
      }
    />
  );
}
