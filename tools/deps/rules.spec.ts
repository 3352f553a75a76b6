import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const root = join(__dirname, '..', '..');

/** Runs the repository's dependency rules over a small tree of files; answers the rules broken. */
function brokenRules(files: Record<string, string>): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'dependency-rules-'));
  try {
    writeFileSync(join(dir, 'tsconfig.base.json'), JSON.stringify({ compilerOptions: { module: 'commonjs' } }));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const roots = [...new Set(Object.keys(files).map((path) => path.split('/')[0]))];
    let out: string;
    try {
      out = execFileSync(
        process.execPath,
        [join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), ...roots, '--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'json'],
        { cwd: dir, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
      );
    } catch (error) {
      out = (error as { stdout: string }).stdout;
    }
    const result = JSON.parse(out) as { summary: { violations: { rule: { name: string } }[] } };
    return [...new Set(result.summary.violations.map((v) => v.rule.name))].sort();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('dependency rules (.dependency-cruiser.cjs)', () => {
  it('accepts imports that run the allowed way', () => {
    expect(
      brokenRules({
        'apps/qr-service/src/scans/scan-ingestion.ts': "import { code } from '../codes/code';\nexport const scan = code;\n",
        'apps/qr-service/src/codes/code.ts': "import { x } from '../../../../libs/contracts/src/x';\nexport const code = x;\n",
        'libs/contracts/src/x.ts': 'export const x = 1;\n',
        'apps/web/src/app/routes.ts': "import { b } from '../features/billing/index';\nexport const r = b;\n",
        'apps/web/src/features/billing/index.ts': 'export const b = 1;\n',
      }),
    ).toEqual([]);
  });

  it('refuses a shared web module that imports a feature', () => {
    expect(
      brokenRules({
        'apps/web/src/components/layout/main-layout.ts': "import { banner } from '../../features/billing/banner';\nexport const layout = banner;\n",
        'apps/web/src/features/billing/banner.ts': 'export const banner = 1;\n',
      }),
    ).toEqual(['web-shared-imports-no-feature']);
  });

  it('accepts a listed web feature edge and refuses a feature import that is not listed', () => {
    expect(
      brokenRules({
        'apps/web/src/features/qrcodes/api/codes.ts': "import { b } from '../../billing/index';\nexport const c = b;\n",
        'apps/web/src/features/billing/index.ts': 'export const b = 1;\n',
      }),
    ).toEqual([]);
    expect(
      brokenRules({
        'apps/web/src/features/abuse/components/queue.ts': "import { card } from '../../admin/index';\nexport const queue = card;\n",
        'apps/web/src/features/admin/index.ts': 'export const card = 1;\n',
        'apps/web/src/features/qrcodes/api/keys.ts': "import { a } from '../../account/index';\nexport const keys = a;\n",
        'apps/web/src/features/account/index.ts': 'export const a = 1;\n',
      }),
    ).toEqual(['web-feature-imports-only-listed']);
  });

  it("refuses a service that imports another's code, and a library that imports an app", () => {
    expect(
      brokenRules({
        'apps/gateway/src/x.ts': "import { y } from '../../qr-service/src/y';\nexport const x = y;\n",
        'apps/qr-service/src/y.ts': 'export const y = 1;\n',
        'libs/config/src/z.ts': "import { y } from '../../../apps/qr-service/src/y';\nexport const z = y;\n",
      }),
    ).toEqual(['libs-never-import-apps', 'no-service-imports-another']);
  });

  it('refuses import circles', () => {
    expect(
      brokenRules({
        'libs/contracts/src/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
        'libs/contracts/src/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      }),
    ).toEqual(['no-circular']);
  });

  it('refuses codes importing a qr-service feature built on it, and users importing auth features built on it', () => {
    expect(
      brokenRules({
        'apps/qr-service/src/codes/codes.service.ts': "import { w } from '../webhooks/w';\nexport const c = w;\n",
        'apps/qr-service/src/webhooks/w.ts': 'export const w = 1;\n',
        'apps/auth-service/src/users/users.service.ts': "import { m } from '../mail/m';\nexport const u = m;\n",
        'apps/auth-service/src/mail/m.ts': 'export const m = 1;\n',
      }),
    ).toEqual(['auth-users-at-the-bottom', 'qr-codes-at-the-bottom']);
  });
});
