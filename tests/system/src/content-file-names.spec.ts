import { parse } from 'content-disposition';
import { TestHttpClient } from '@qrd/testing';
import { createContentCode, pdf } from './content-fixtures';
import { FrontDoor, frontDoorRequest, startFrontDoor } from './front-door';
import { TestSystem } from './harness';
import { Customer, subscribedCustomer } from './qr-fixtures';

/** Characters a stored name never keeps: controls, bidirectional controls, separators, quotes. */
const NEVER_KEPT = /[\p{Cc}\p{Cs}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff"\\/<>|*?:]/u;

/** Picks from a fixed seed: the same "random" names on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

const PIECES = [
  'a', 'Z', '7', ' ', '.', '-', '_', '%', '%41', '%E0%A4%A', ';', '=', ',', "'", '"', '\\', '/', '..', ':', '*', '?', '<', '>', '|',
  '\u0000', '\u0007', '\t', '\n', '\r', '\u007f', '\u0085', '\u200e', '\u200f', '\u202e', '\u2066', '\ufeff', '\u2028', '\u200d',
  'é', 'e\u0301', 'ß', 'Ω', 'Отчёт', '東京', 'メニュー', 'مرحبا', 'שלום', '🍕', '👨‍👩‍👧', '🇩🇪', 'filename=x.exe', '&amp;',
];

function fuzzName(random: () => number): string {
  const length = 1 + Math.floor(random() * 12);
  let name = '';
  for (let i = 0; i < length; i++) name += PIECES[Math.floor(random() * PIECES.length)];
  return random() < 0.7 ? `${name}.pdf` : name;
}

describe('content files with any name, through nginx', () => {
  let system: TestSystem;
  let door: FrontDoor;
  let owner: Customer;
  let code: { id: string; slug: string };
  let document: Buffer;

  beforeAll(async () => {
    system = await TestSystem.start();
    door = await startFrontDoor(system);
    owner = await subscribedCustomer(system);
    document = await pdf('The menu');
    const first = await uploadThroughDoor(owner.client, 'menu.pdf');
    code = await createContentCode(owner.client, 'Menu', { type: 'file', title: 'Menu', fileId: first.json.id });
  }, 60_000);
  afterAll(async () => {
    await door?.stop();
    await system?.stop();
  });

  /** The browser's upload, through nginx: the file as the body, its name in the query. */
  async function uploadThroughDoor(client: TestHttpClient, name: string) {
    const cookie = [...client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${door.baseUrl}/api/content-files?purpose=file&name=${encodeURIComponent(name)}`, {
      method: 'POST',
      body: document,
      headers: { 'content-type': 'application/pdf', origin: new URL(system.config.publicBaseUrl).origin, cookie },
    });
    return { status: res.status, json: (await res.json()) as { id: string; fileName: string; message?: string } };
  }

  /** Uploads `name`, puts it on the code and downloads it as a scanner does: the name the download header carries. */
  async function roundTrip(name: string): Promise<{ stored: string; served: string }> {
    const uploaded = await uploadThroughDoor(owner.client, name);
    expect({ name, status: uploaded.status }).toEqual({ name, status: 201 });
    const edit = await owner.client.patch(`/api/qrcodes/${code.id}`, { content: { type: 'file', title: 'Menu', fileId: uploaded.json.id } });
    expect(edit.status).toBe(200);
    const res = await frontDoorRequest(door.baseUrl, `/api/public/pages/${code.slug}/files/${uploaded.json.id}`);
    expect({ name, status: res.status, body: res.status === 200 ? '' : res.body }).toEqual({ name, status: 200, body: '' });
    const header = res.headers['content-disposition'] as string;
    const parsed = parse(header);
    expect(parsed.type).toBe('inline');
    return { stored: uploaded.json.fileName, served: parsed.parameters.filename };
  }

  it.each([
    ['Отчёт 2026.pdf', 'Отчёт 2026.pdf'],
    ['東京 メニュー.pdf', '東京 メニュー.pdf'],
    ['Menu 🍕.pdf', 'Menu 🍕.pdf'],
    ['Café menu.pdf', 'Café menu.pdf'],
    ['Cafe\u0301 menu.pdf', 'Café menu.pdf'],
    ['Family 👨‍👩‍👧.pdf', 'Family 👨‍👩‍👧.pdf'],
    ['hours.pdf', 'hours.pdf'],
    ['50% off; filename="x.exe".pdf', '50% off; filename=x.exe.pdf'],
    ['%E0%A4%A.pdf', '%E0%A4%A.pdf'],
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['C:\\Users\\ann\\report.pdf', 'report.pdf'],
    ['invoice\u202efdp.exe', 'invoicefdp.pdf'],
    ['\u200fright to left\u200e.pdf', 'right to left.pdf'],
    ['line\r\nbreak\ttab.pdf', 'line break tab.pdf'],
    ['nul\u0000bell\u0007.pdf', 'nulbell.pdf'],
    ['.hidden.pdf', 'hidden.pdf'],
    ['', 'file.pdf'],
    ['é'.repeat(300), `${'é'.repeat(100)}.pdf`],
    [`${'🍕'.repeat(100)}.pdf`, `${'🍕'.repeat(50)}.pdf`],
  ])('%j is served back as %j', async (name, expected) => {
    const { stored, served } = await roundTrip(name);
    expect(stored).toBe(expected);
    expect(served).toBe(expected);
  });

  it('fuzzed names are stored and served under one clean name each, never a 500', async () => {
    const random = seeded(2026);
    for (let i = 0; i < 40; i++) {
      const name = fuzzName(random);
      const { stored, served } = await roundTrip(name);
      expect({ name, served }).toEqual({ name, served: stored });
      expect({ name, clean: NEVER_KEPT.test(stored) }).toEqual({ name, clean: false });
      expect(stored).toMatch(/^[^ .].*\.pdf$/u);
      expect(Buffer.byteLength(stored, 'utf8')).toBeLessThanOrEqual(255);
    }
  });
});
