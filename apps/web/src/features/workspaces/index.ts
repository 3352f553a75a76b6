// The workspaces feature's public surface: other features import from here, never from its folders.
export { TeamTab } from './components/team-tab';
