export { AdminCard, QueryState } from './components/admin-card';
