import { DESIGN_TEMPLATE_MAX_PER_ACCOUNT, DESIGN_TEMPLATE_MESSAGES } from '@qrd/contracts';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { newUser, signIn, sql } from './accounts-fixtures';
import { TestSystem } from './harness';
import { createCode, Customer, subscribedCustomer } from './qr-fixtures';

const BRAND = {
  foreground: '#0d47a1',
  background: '#fffde7',
  errorCorrection: 'Q',
  margin: 4,
  dotStyle: 'rounded',
  eyeStyle: 'circle',
  eyeColour: '#b71c1c',
  gradient: { to: '#1b5e20', angle: 90 },
  transparent: false,
  frame: 'border',
  frameText: 'Menu',
};

describe('Design options and saved design templates', () => {
  let system: TestSystem;
  let alice: Customer;
  let code: { id: string; shortUrl: string };

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'billing', 'qr', 'gateway'] });
    alice = await subscribedCustomer(system);
    code = await createCode(alice.client, { name: 'Menu board', destinationUrl: 'https://example.com/menu' });
  }, 120_000);
  afterAll(async () => {
    await system.stop();
  });

  it('saves every design option and downloads a PNG that decodes to the short link', async () => {
    const saved = await alice.client.put(`/api/qrcodes/${code.id}/design`, BRAND);

    expect(saved.status).toBe(200);
    expect(saved.json.design).toEqual({ ...BRAND, hasLogo: false });
    const cookie = [...alice.client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${system.url('gateway')}/api/qrcodes/${code.id}/download?format=png&size=512`, { headers: { cookie } });
    const png = PNG.sync.read(await sharp(Buffer.from(await res.arrayBuffer())).flatten({ background: '#ffffff' }).png().toBuffer());
    expect(png.width).toBe(512);
    expect(png.height).toBeGreaterThan(512);
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height, { inversionAttempts: 'dontInvert' })?.data).toBe(code.shortUrl);
  });

  it('refuses designs that would not scan, with the reason per field, and changes nothing', async () => {
    const light = await alice.client.put(`/api/qrcodes/${code.id}/design`, { ...BRAND, gradient: { to: '#fff59d', angle: 0 } });
    const transparent = await alice.client.put(`/api/qrcodes/${code.id}/design`, { ...BRAND, transparent: true, foreground: '#bdbdbd', gradient: null });
    const text = await alice.client.put(`/api/qrcodes/${code.id}/design`, { ...BRAND, frameText: 'x'.repeat(25) });

    expect([light.status, transparent.status, text.status]).toEqual([400, 400, 400]);
    expect(light.json.fields.design).toMatch(/Gradient's second colour and background are too similar to scan reliably/);
    expect(transparent.json.fields.design).toMatch(/judged against white/);
    expect(text.json.fields.frameText).toBe('The frame text must be 1 to 24 characters');
    expect((await alice.client.get(`/api/qrcodes/${code.id}`)).json.design).toEqual({ ...BRAND, hasLogo: false });
  });

  it('saves a template from the current design, lists it, and starts a new code with it', async () => {
    const created = await alice.client.post('/api/design-templates', { name: 'Brand', codeId: code.id });
    const fromDraft = await alice.client.post('/api/design-templates', { name: 'Plain frame', design: { frame: 'label', frameText: 'Scan me' } });

    expect([created.status, fromDraft.status]).toEqual([201, 201]);
    expect(created.json.design).toEqual({ ...BRAND, hasLogo: false });
    const list = await alice.client.get('/api/design-templates');
    expect((list.json as unknown as { name: string }[]).map((t) => t.name)).toEqual(['Plain frame', 'Brand']);

    const next = await createCode(
      alice.client,
      { name: 'Second menu', destinationUrl: 'https://example.com/menu2', designTemplateId: created.json.id } as never,
      { buySeat: true },
    );
    expect(next.design).toEqual({ ...BRAND, hasLogo: false });
  });

  it('refuses a duplicate name, an unknown template on create, and more than the limit', async () => {
    const again = await alice.client.post('/api/design-templates', { name: 'brand', design: {} });
    const badName = await alice.client.post('/api/design-templates', { name: ' ', design: {} });
    const badDesign = await alice.client.post('/api/design-templates', { name: 'Faint', design: { foreground: '#eeeeee' } });
    const unknown = await alice.client.post('/api/qrcodes', {
      name: 'Third',
      destinationUrl: 'https://example.com/3',
      designTemplateId: '00000000-0000-4000-8000-000000000000',
    });

    expect(again.status).toBe(400);
    expect(again.json.fields.name).toBe(DESIGN_TEMPLATE_MESSAGES.nameTaken);
    expect(badName.json.fields.name).toBe(DESIGN_TEMPLATE_MESSAGES.name);
    expect(badDesign.status).toBe(400);
    expect(badDesign.json.fields.design).toMatch(/too similar/);
    expect(unknown.status).toBe(400);
    expect(unknown.json.fields.designTemplateId).toBe(DESIGN_TEMPLATE_MESSAGES.notFound);

    await sql(
      system,
      `INSERT INTO qr.design_templates (owner_id, name, design) SELECT $1, 'Filler ' || n, '{}'::jsonb FROM generate_series(1, $2::int) n`,
      [alice.user.id, DESIGN_TEMPLATE_MAX_PER_ACCOUNT - 2],
    );
    const over = await alice.client.post('/api/design-templates', { name: 'One too many', design: {} });
    expect(over.status).toBe(400);
    expect(over.json.message).toBe(DESIGN_TEMPLATE_MESSAGES.limit);
    await sql(system, `DELETE FROM qr.design_templates WHERE name LIKE 'Filler %'`);
  });

  it("deletes a template; another account's templates are neither listed nor deletable", async () => {
    const bob = await signIn(system, await newUser(system));
    const [template] = (await alice.client.get('/api/design-templates')).json as unknown as { id: string; name: string }[];

    const bobList = await bob.get('/api/design-templates');
    const bobDelete = await bob.delete(`/api/design-templates/${template.id}`);
    const deleted = await alice.client.delete(`/api/design-templates/${template.id}`);
    const twice = await alice.client.delete(`/api/design-templates/${template.id}`);

    expect(bobList.json).toEqual([]);
    expect(bobDelete.status).toBe(404);
    expect(deleted.status).toBe(200);
    expect(twice.status).toBe(404);
    expect(((await alice.client.get('/api/design-templates')).json as unknown as { id: string }[]).map((t) => t.id)).not.toContain(template.id);
  });
});
