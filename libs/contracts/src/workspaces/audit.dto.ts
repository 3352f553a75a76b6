import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/** What the workspace audit log records (docs/workspaces.md). */
export const AUDIT_ACTIONS = [
  'member.invited',
  'invitation.resent',
  'invitation.revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'api_key.created',
  'api_key.revoked',
  'webhook.created',
  'webhook.changed',
  'webhook.deleted',
  'subscription.changed',
  'workspace.created',
  'workspace.renamed',
  'ownership.offered',
  'ownership.transferred',
  'ownership.withdrawn',
  'ownership.declined',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_PAGE_MAX = 100;

export class AuditQueryDto {
  @IsOptional()
  @IsIn(AUDIT_ACTIONS, { message: `The action must be one of ${AUDIT_ACTIONS.join(', ')}` })
  action?: AuditAction;

  /** Entries before this one (the previous page's nextCursor). */
  @IsOptional()
  @IsString()
  @Matches(/^\d{1,18}$/, { message: 'This page link is not valid any more: start again from the first page' })
  @MaxLength(18)
  cursor?: string;

  /** 1 to AUDIT_PAGE_MAX, as the query string has it. */
  @IsOptional()
  @IsString()
  @Matches(/^(100|[1-9][0-9]?)$/, { message: `The limit must be a whole number from 1 to ${AUDIT_PAGE_MAX}` })
  limit?: string;
}

export interface AuditEntryView {
  id: string;
  at: string;
  action: AuditAction;
  /** Who acted: their username, or null once that account is deleted. */
  actor: string | null;
  /** The member acted on, when there is one. */
  member: string | null;
  /** The invited address, for invitations. */
  email: string | null;
  /** Role before and after, or the role invited; an API key's name and scope. */
  details: AuditDetails;
}

/**
 * What an entry says beyond who and what: roles before and after, or the role invited; an API key's
 * name and scope; a webhook's address; what changed in the subscription (`change`, e.g.
 * "seats bought", with the seats and interval after it); a workspace's names before and after.
 */
export interface AuditDetails {
  role?: string;
  from?: string;
  to?: string;
  name?: string;
  scope?: string;
  url?: string;
  change?: string;
  seats?: number;
  interval?: string;
}

export interface AuditPage {
  items: AuditEntryView[];
  nextCursor: string | null;
}
