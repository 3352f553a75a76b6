// The analytics feature's public surface: other features import from here, never from its folders.
export { CodeAnalytics } from './components/code-analytics';
/** The dashboard's Analytics tab, downloaded when it is opened (charts are not needed for the codes list). */
export const loadDashboardAnalytics = () => import('./components/dashboard-analytics');
export { analyticsKeys } from './api/keys';
export { useAccountAnalytics } from './api/analytics';
export { WeeklyReportToggle } from './components/weekly-report-setting';
export { EuPrivacyToggle } from './components/eu-privacy-setting';
export { UnsubscribeCard } from './components/unsubscribe-card';
