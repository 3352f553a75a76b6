// The analytics feature's public surface: other features import from here, never from its folders.
export { CodeAnalytics } from './components/code-analytics';
export { DashboardAnalytics } from './components/dashboard-analytics';
export { analyticsKeys } from './api/keys';
export { useAccountAnalytics } from './api/analytics';
export { WeeklyReportToggle } from './components/weekly-report-setting';
export { UnsubscribeCard } from './components/unsubscribe-card';
