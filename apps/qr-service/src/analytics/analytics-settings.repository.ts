import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AnalyticsSettingsView } from '@qrd/contracts';

/** A workspace's analytics settings (qr.analytics_settings): the EU privacy mode. */
@Injectable()
export class AnalyticsSettingsRepository {
  constructor(private readonly db: DataSource) {}

  async settings(ownerId: string): Promise<AnalyticsSettingsView> {
    const rows: { euPrivacy: boolean }[] = await this.db.query(`SELECT eu_privacy AS "euPrivacy" FROM qr.analytics_settings WHERE owner_id = $1`, [ownerId]);
    return { euPrivacy: rows[0]?.euPrivacy ?? false };
  }

  async saveSettings(ownerId: string, settings: AnalyticsSettingsView): Promise<void> {
    await this.db.query(
      `INSERT INTO qr.analytics_settings (owner_id, eu_privacy) VALUES ($1, $2)
       ON CONFLICT (owner_id) DO UPDATE SET eu_privacy = EXCLUDED.eu_privacy, updated_at = now()`,
      [ownerId, settings.euPrivacy],
    );
  }
}
