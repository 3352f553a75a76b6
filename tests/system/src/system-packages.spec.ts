import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../e2e/src/support/environment';

const SCRIPT = join(ROOT, 'tools', 'system-packages.sh');

/** tools/system-packages.sh, the first step of `npm test` and of `.ci/run`. */
describe('tools/system-packages.sh', () => {
  let bin: string;

  beforeAll(() => {
    // A PATH with the few tools the script itself uses, and no nginx, Chromium or curl.
    bin = mkdtempSync(join(tmpdir(), 'no-nginx-'));
    for (const tool of ['id', 'env']) symlinkSync(`/usr/bin/${tool}`, join(bin, tool));
  });
  afterAll(() => rmSync(bin, { recursive: true, force: true }));

  it('stops at once when nginx is missing and installing is not allowed, naming the command that installs it', () => {
    const started = Date.now();
    const sut = spawnSync('/bin/bash', [SCRIPT], {
      env: { PATH: bin, NGINX_PATH: join(bin, 'nginx'), CHROMIUM_PATH: join(bin, 'chromium'), SYSTEM_PACKAGES_INSTALL: '0' },
      encoding: 'utf8',
    });
    expect(sut.status).toBe(1);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(sut.stderr).toContain('The tests need these system packages, which are missing: chromium nginx-light');
    expect(sut.stderr).toContain('  sudo tools/system-packages.sh\n');
    expect(sut.stdout).not.toContain('Installing');
  });

  it('--check refuses to install even as root', () => {
    const sut = spawnSync('/bin/bash', [SCRIPT, '--check'], {
      env: { PATH: bin, NGINX_PATH: join(bin, 'nginx'), CHROMIUM_PATH: '/usr/bin/chromium' },
      encoding: 'utf8',
    });
    expect(sut.status).toBe(1);
    expect(sut.stderr).toMatch(/missing: nginx-light/);
    expect(sut.stdout).toBe('');
  });

  it('passes quietly on a machine that has everything', () => {
    const sut = spawnSync('/bin/bash', [SCRIPT, '--check'], { env: process.env, encoding: 'utf8' });
    expect({ status: sut.status, stderr: sut.stderr }).toEqual({ status: 0, stderr: '' });
  });
});
