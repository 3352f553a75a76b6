import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AUDIT_ACTIONS, AUDIT_PAGE_MAX, AuditAction, AuditDetails, AuditEntryView, AuditPage, csvLine, WorkspaceActivity } from '@qrd/contracts';
import { requirePermission } from './workspace-access';

export interface AuditRecord {
  workspaceId: string;
  actorId: string;
  action: AuditAction;
  targetUserId?: string | null;
  invitationId?: string | null;
  details?: AuditDetails;
}

interface AuditRow {
  id: string;
  at: Date;
  action: AuditAction;
  actor: string | null;
  member: string | null;
  email: string | null;
  details: AuditDetails;
}

/** Rows an export holds at most (the newest). */
const EXPORT_MAX = 100_000;

/**
 * The workspace audit log: who invited, joined, changed a role or removed whom. Each entry is
 * written in the transaction of the change it records, so there is never one without the other.
 */
@Injectable()
export class AuditLog {
  constructor(private readonly db: DataSource) {}

  async record(tx: EntityManager, entry: AuditRecord): Promise<void> {
    await tx.query(
      `INSERT INTO auth.workspace_audit (workspace_id, actor_id, action, target_user_id, invitation_id, details) VALUES ($1, $2, $3, $4, $5, $6)`,
      [entry.workspaceId, entry.actorId, entry.action, entry.targetUserId ?? null, entry.invitationId ?? null, JSON.stringify(entry.details ?? {})],
    );
  }

  /**
   * An entry sent by another service (a webhook changed, the subscription changed), recorded once
   * however often it is delivered; one for a workspace deleted meanwhile is dropped.
   */
  async recordActivity(activity: WorkspaceActivity): Promise<void> {
    if (!(AUDIT_ACTIONS as readonly string[]).includes(activity.action)) return;
    await this.db.query(
      `INSERT INTO auth.workspace_audit (workspace_id, actor_id, action, details, source_ref)
       SELECT w.id, (SELECT u.id FROM auth.users u WHERE u.id = $2::uuid), $3, $4, $5 FROM auth.workspaces w WHERE w.id = $1::uuid
       ON CONFLICT (source_ref) WHERE source_ref IS NOT NULL DO NOTHING`,
      [activity.workspaceId, activity.actorId, activity.action, JSON.stringify(activity.details ?? {}), activity.ref],
    );
  }

  async page(actorId: string, workspaceId: string, query: { action?: AuditAction; cursor?: string; limit?: number }): Promise<AuditPage> {
    await requirePermission(this.db, workspaceId, actorId, 'audit.read');
    const limit = Math.min(AUDIT_PAGE_MAX, Math.max(1, query.limit ?? 50));
    const rows = await this.rows(workspaceId, query.action, query.cursor ?? null, limit + 1);
    const items = rows.slice(0, limit).map(toView);
    return { items, nextCursor: rows.length > limit ? items[items.length - 1].id : null };
  }

  async csv(actorId: string, workspaceId: string, action?: AuditAction): Promise<string> {
    await requirePermission(this.db, workspaceId, actorId, 'audit.read');
    const rows = await this.rows(workspaceId, action, null, EXPORT_MAX);
    return (
      csvLine(['time', 'action', 'by', 'member', 'email', 'role', 'from', 'to', 'name', 'url', 'change', 'seats', 'interval']) +
      rows
        .map((row) => {
          const d = row.details;
          return csvLine([row.at.toISOString(), row.action, row.actor, row.member, row.email, d.role ?? null, d.from ?? null, d.to ?? null, d.name ?? null, d.url ?? null, d.change ?? null, d.seats ?? null, d.interval ?? null]);
        })
        .join('')
    );
  }

  private rows(workspaceId: string, action: AuditAction | undefined, cursor: string | null, limit: number): Promise<AuditRow[]> {
    return this.db.query(
      `SELECT a.id::text AS id, a.at, a.action, actor.username AS actor, target.username AS member, i.email, a.details
         FROM auth.workspace_audit a
         LEFT JOIN auth.users actor ON actor.id = a.actor_id
         LEFT JOIN auth.users target ON target.id = a.target_user_id
         LEFT JOIN auth.workspace_invitations i ON i.id = a.invitation_id
        WHERE a.workspace_id = $1 AND ($2::text IS NULL OR a.action = $2) AND ($3::bigint IS NULL OR a.id < $3::bigint)
        ORDER BY a.id DESC LIMIT $4`,
      [workspaceId, action ?? null, cursor, limit],
    );
  }
}

function toView(row: AuditRow): AuditEntryView {
  return { id: row.id, at: row.at.toISOString(), action: row.action, actor: row.actor, member: row.member, email: row.email, details: row.details };
}
