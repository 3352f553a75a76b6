import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { can, mayChangeMember, permissionsOf, ROLE_MATRIX, WORKSPACE_PERMISSIONS, WORKSPACE_ROLES, type WorkspacePermission } from './roles';

/** The matrix as docs/workspaces.md shows it. */
function matrixTable(): string {
  const header = `| may | ${WORKSPACE_ROLES.join(' | ')} |`;
  const rule = `|---|${WORKSPACE_ROLES.map(() => ':-:').join('|')}|`;
  const rows = (Object.keys(ROLE_MATRIX) as WorkspacePermission[]).map(
    (permission) => `| ${WORKSPACE_PERMISSIONS[permission]} (\`${permission}\`) | ${WORKSPACE_ROLES.map((role) => (can(role, permission) ? 'yes' : '-')).join(' | ')} |`,
  );
  return [header, rule, ...rows].join('\n');
}

describe('the workspace role matrix', () => {
  it('is the one docs/workspaces.md shows', () => {
    const doc = readFileSync(join(__dirname, '../../../../docs/workspaces.md'), 'utf8');
    const shown = /<!-- role-matrix:start -->\n([\s\S]*?)\n<!-- role-matrix:end -->/.exec(doc)?.[1];
    expect(shown).toBe(matrixTable());
  });

  it('gives the owner everything, the viewer only reading and the billing member only billing', () => {
    expect(permissionsOf('owner')).toEqual(Object.keys(ROLE_MATRIX));
    expect(permissionsOf('viewer')).toEqual(['codes.read', 'analytics.read', 'members.read']);
    expect(permissionsOf('billing')).toEqual(['billing.manage', 'members.read']);
    expect(can(null, 'codes.read')).toBe(false);
  });

  it('lets nobody change their own role, and only an owner touch an owner', () => {
    expect(mayChangeMember('editor', 'editor', 'owner', true)).toBe(false);
    expect(mayChangeMember('owner', 'owner', 'admin', true)).toBe(false);
    expect(mayChangeMember('admin', 'owner', null, false)).toBe(false);
    expect(mayChangeMember('admin', 'editor', 'owner', false)).toBe(false);
    expect(mayChangeMember('admin', 'editor', 'viewer', false)).toBe(true);
    expect(mayChangeMember('admin', 'viewer', null, false)).toBe(true);
    expect(mayChangeMember('owner', 'owner', 'admin', false)).toBe(true);
    expect(mayChangeMember('billing', 'viewer', null, false)).toBe(false);
  });
});
