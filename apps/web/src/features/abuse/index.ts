export { AbuseQueue } from './components/abuse-queue';
export { ReportForm } from './components/report-form';
