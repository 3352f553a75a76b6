import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What codes need to know of the workspace's custom domains (qr.domains, owned by the domains module). */
@Injectable()
export class CodeDomainsRepository {
  constructor(private readonly db: DataSource) {}

  /** The owner's verified custom domains: hostname -> id. */
  async verifiedDomains(ownerId: string): Promise<Map<string, string>> {
    if (!UUID.test(ownerId)) return new Map();
    const rows: { id: string; hostname: string }[] = await this.db.query(`SELECT id, hostname FROM qr.domains WHERE workspace_id = $1 AND state = 'verified'`, [ownerId]);
    return new Map(rows.map((row) => [row.hostname, row.id]));
  }

  /** The state of one of the owner's custom domains, or null when it has none by that id. */
  async domainStateOf(ownerId: string, domainId: string): Promise<string | null> {
    if (!UUID.test(domainId) || !UUID.test(ownerId)) return null;
    const rows: { state: string }[] = await this.db.query(`SELECT state FROM qr.domains WHERE id = $1 AND workspace_id = $2`, [domainId, ownerId]);
    return rows[0]?.state ?? null;
  }
}
