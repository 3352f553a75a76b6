/**
 * Jest global setup: migrate a template database once (all service schemas), named after a
 * hash of the migrations, so each test file can clone it in milliseconds.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import type { ServiceDatabase } from '../../libs/database/src';

const ROOT = join(__dirname, '..', '..');

// Jest's moduleNameMapper does not apply to global setup: resolve the @qrd/* aliases here too.
const moduleLoader = require('node:module') as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
const resolveFilename = moduleLoader._resolveFilename;
moduleLoader._resolveFilename = (request: string, ...rest: unknown[]) => {
  const alias = /^@qrd\/([a-z]+)$/.exec(request);
  return resolveFilename(alias ? join(ROOT, 'libs', alias[1], 'src', 'index.ts') : request, ...rest);
};
const SERVICES = ['auth-service', 'qr-service', 'billing-service'];
/** Migrated templates kept for other checkouts (branches with other migrations) testing at the same time. */
const KEPT_TEMPLATES = 4;

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const service of SERVICES) {
    const dir = join(ROOT, 'apps', service, 'src', 'migrations');
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.ts')).sort();
    } catch {
      continue;
    }
    for (const file of files) hash.update(file).update(readFileSync(join(dir, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

async function loadDatabases(): Promise<ServiceDatabase[]> {
  const found: ServiceDatabase[] = [];
  for (const service of SERVICES) {
    try {
      const mod = (await import(join(ROOT, 'apps', service, 'src', 'database'))) as Record<string, ServiceDatabase>;
      found.push(...Object.values(mod).filter((v) => v && typeof v === 'object' && 'schema' in v));
    } catch (error) {
      if ((error as { code?: string }).code !== 'MODULE_NOT_FOUND') throw error;
    }
  }
  return found;
}

export default async function globalSetup(): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const template = `qrd_template_${migrationsHash()}`;
  process.env.QRD_TEMPLATE_DB = template;
  process.env.TEST_DATABASE_ADMIN_URL = adminUrl;

  const admin = new Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`Tests need PostgreSQL at ${adminUrl}: ${(error as Error).message}`);
  }
  try {
    await admin.query('SELECT pg_advisory_lock(727271)');
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (exists.rowCount === 0) {
      const building = `${template}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const { openDatabase } = await import('../../libs/database/src');
      for (const db of await loadDatabases()) await (await openDatabase(url.toString(), db)).destroy();
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
      await admin.query(`ALTER DATABASE ${template} WITH IS_TEMPLATE true`);
    }
    // Test databases left behind by interrupted runs (names carry their creation time), and old
    // templates beyond the newest few: another checkout on other migrations may be testing with
    // its own template right now, so those are left alone.
    const all = await admin.query("SELECT datname, oid FROM pg_database WHERE datname LIKE 'qrd_t%' ORDER BY oid DESC");
    const cutoff = Math.floor(Date.now() / 1000) - 2 * 3600;
    const rows = all.rows as { datname: string }[];
    const keptTemplates = new Set(
      rows
        .filter(({ datname }) => datname.startsWith('qrd_template_') && !datname.endsWith('_building'))
        .slice(0, KEPT_TEMPLATES)
        .map(({ datname }) => datname),
    );
    const stale = rows.filter(({ datname }) => {
      const created = /^qrd_t_(\d+)_/.exec(datname);
      if (created) return Number(created[1]) < cutoff;
      return datname.startsWith('qrd_template_') && datname !== template && !datname.endsWith('_building') && !keptTemplates.has(datname);
    });
    for (const row of stale) {
      if (row.datname.startsWith('qrd_template_')) await admin.query(`ALTER DATABASE ${row.datname} WITH IS_TEMPLATE false`).catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`).catch(() => undefined);
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(727271)').catch(() => undefined);
    await admin.end();
  }
}
