import { DashboardChecklist } from '../../features/onboarding';
import { DashboardRoute } from '../../features/qrcodes/routes/dashboard-route';

/** /dashboard, with the onboarding checklist until it is done or dismissed. */
export default function Dashboard() {
  return <DashboardRoute banner={<DashboardChecklist />} />;
}
