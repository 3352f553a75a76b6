// The onboarding feature's public surface: other features and routes import from here.
export { DashboardChecklist } from './components/dashboard-checklist';
export { OnboardingChecklist } from './components/onboarding-checklist';
