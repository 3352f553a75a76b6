import { WORKSPACE_ROLES, type WorkspaceRole } from '@qrd/contracts';
import { defineMessages, type IntlShape } from 'react-intl';

/** A member's role as people read it (the API's names are the English words). */
export const ROLE_LABELS = defineMessages<WorkspaceRole>({
  owner: { id: 'account.roles.owner', defaultMessage: 'owner' },
  admin: { id: 'account.roles.admin', defaultMessage: 'admin' },
  editor: { id: 'account.roles.editor', defaultMessage: 'editor' },
  viewer: { id: 'account.roles.viewer', defaultMessage: 'viewer' },
  billing: { id: 'account.roles.billing', defaultMessage: 'billing' },
});

function isRole(value: string): value is WorkspaceRole {
  return (WORKSPACE_ROLES as readonly string[]).includes(value);
}

/** The role in the shown language; a name this app does not know yet is shown as the server sent it. */
export function roleLabel(intl: IntlShape, role: string): string {
  return isRole(role) ? intl.formatMessage(ROLE_LABELS[role]) : role;
}
