/**
 * What each member of a workspace may do, written once as data. The gateway checks it for every
 * route, the owning service again for writes, and the web app reads it to hide what a role cannot
 * do. docs/workspaces.md shows the same matrix (roles.spec.ts keeps the two equal).
 */
export const WORKSPACE_ROLES = ['owner', 'admin', 'editor', 'viewer', 'billing'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** What a permission lets a member do, in the words docs/workspaces.md uses. */
export const WORKSPACE_PERMISSIONS = {
  'codes.read': 'See codes, folders, tags, templates and their history',
  'analytics.read': 'See scan analytics and export them',
  'codes.write': 'Create, edit, design, import and delete codes (within the seats)',
  'billing.manage': 'Buy seats, change or cancel the subscription, the payment method, invoices',
  'members.read': 'See who is in the workspace and their roles',
  'members.manage': 'Invite, remove and change the role of members who are not owners',
  'integrations.manage': 'Create and revoke API keys, add and change webhooks',
  'domains.manage': 'Add and remove custom short domains',
  'audit.read': "Read and export the workspace's audit log",
  'data.export': "Export all of the workspace's data in one archive (codes, history, scans, billing records, API keys)",
  'workspace.owner': 'Manage owners, transfer ownership, rename and delete the workspace',
} as const;
export type WorkspacePermission = keyof typeof WORKSPACE_PERMISSIONS;

const ALL = WORKSPACE_ROLES;

/** Each permission and the roles that hold it. */
export const ROLE_MATRIX: Readonly<Record<WorkspacePermission, readonly WorkspaceRole[]>> = {
  'codes.read': ['owner', 'admin', 'editor', 'viewer'],
  'analytics.read': ['owner', 'admin', 'editor', 'viewer'],
  'codes.write': ['owner', 'admin', 'editor'],
  'billing.manage': ['owner', 'billing'],
  'members.read': ALL,
  'members.manage': ['owner', 'admin'],
  'integrations.manage': ['owner', 'admin'],
  'domains.manage': ['owner', 'admin'],
  'audit.read': ['owner', 'admin'],
  'data.export': ['owner', 'admin'],
  'workspace.owner': ['owner'],
};

export function isWorkspaceRole(value: unknown): value is WorkspaceRole {
  return typeof value === 'string' && (WORKSPACE_ROLES as readonly string[]).includes(value);
}

/** Whether `role` holds `permission`; no role (not a member) holds nothing. */
export function can(role: WorkspaceRole | null | undefined, permission: WorkspacePermission): boolean {
  return !!role && ROLE_MATRIX[permission].includes(role);
}

/** The permissions a role holds, in the matrix's order (what the web app asks before showing a control). */
export function permissionsOf(role: WorkspaceRole): WorkspacePermission[] {
  return (Object.keys(ROLE_MATRIX) as WorkspacePermission[]).filter((permission) => can(role, permission));
}

/**
 * Whether `actor` may give `target` the role `next` (or remove them, `next` null): managing
 * members needs `members.manage`; anything touching an owner (making one, changing or removing
 * one) needs `workspace.owner`; and nobody changes their own role.
 */
export function mayChangeMember(actor: WorkspaceRole, target: WorkspaceRole, next: WorkspaceRole | null, self: boolean): boolean {
  if (self) return false;
  if (!can(actor, 'members.manage')) return false;
  if (target === 'owner' || next === 'owner') return can(actor, 'workspace.owner');
  return true;
}

/** A workspace as one of its members sees it. */
export interface WorkspaceView {
  id: string;
  name: string;
  /** The workspace every account has from sign-up; its owner is the account. */
  personal: boolean;
  /** The member's role in it. */
  role: WorkspaceRole;
  /** The member's permissions there, from ROLE_MATRIX. */
  permissions: WorkspacePermission[];
  memberCount: number;
  createdAt: string;
  /**
   * An ownership transfer waiting for its answer, shown to the workspace's owners and to the member
   * it is offered to (null for everyone else, and when there is none).
   */
  transfer: PendingTransferView | null;
}

/** An offer of ownership: the member it names becomes an owner when they accept it. */
export interface PendingTransferView {
  fromUserId: string;
  fromUsername: string;
  toUserId: string;
  toUsername: string;
  createdAt: string;
  expiresAt: string;
}
