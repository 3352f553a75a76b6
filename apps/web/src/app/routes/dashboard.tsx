import { DashboardChecklist } from '../../features/onboarding';
import { useCodesShown } from '../../features/qrcodes';
import { DashboardRoute } from '../../features/qrcodes/routes/dashboard-route';

/**
 * /dashboard, with the onboarding checklist until it is done or dismissed. The checklist asks for
 * the subscription and the code count: it comes once the first codes are shown, not before them.
 */
export default function Dashboard() {
  const codesShown = useCodesShown();
  return <DashboardRoute banner={codesShown ? <DashboardChecklist /> : null} />;
}
