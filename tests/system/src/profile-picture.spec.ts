import sharp from 'sharp';
import { crc32 } from 'node:zlib';
import { TestHttpClient } from '@qrd/testing';
import { newUser, signIn, sql } from './accounts-fixtures';
import { downloadAs } from './data-export-fixtures';
import { TestSystem } from './harness';

/** An upload as a browser sends a file: its bytes as the body, with whatever type the browser guessed. */
async function upload(client: TestHttpClient, data: Buffer, type = 'image/png'): Promise<{ status: number; json: Record<string, unknown> }> {
  const cookie = [...client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${client.baseUrl}/api/profile/picture`, {
    method: 'POST',
    headers: { 'content-type': type, 'sec-fetch-site': 'same-origin', cookie },
    body: new Uint8Array(data),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('the profile picture', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'gateway'] });
  });
  afterAll(() => system.stop());

  it('stores a photo as a 256 px WebP without its metadata, serves it to its owner with an ETag, and removes it', async () => {
    const user = await newUser(system);
    const client = await signIn(system, user);
    expect((await client.get('/api/profile/picture')).status).toBe(404);

    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#884422' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
      .toBuffer();
    expect(photo.toString('latin1')).toContain('secret-camera-owner');
    const uploaded = await upload(client, photo, 'image/jpeg');
    expect(uploaded.status).toBe(200);
    expect(uploaded.json.profileImageUrl).toMatch(/^\/api\/profile\/picture\?v=[A-Za-z0-9_-]+$/);
    expect((await client.get('/api/auth/user')).json.profileImageUrl).toBe(uploaded.json.profileImageUrl);

    const served = await downloadAs(client, uploaded.json.profileImageUrl as string);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toMatch(/^private/);
    const meta = await sharp(served.body).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(served.body.toString('latin1')).not.toContain('secret-camera-owner');

    const etag = served.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await client.get('/api/profile/picture', { 'if-none-match': etag });
    expect(again.status).toBe(304);

    // Someone else sees their own (none), never this one.
    const other = await signIn(system, await newUser(system));
    expect((await other.get('/api/profile/picture')).status).toBe(404);
    expect((await system.client().get('/api/profile/picture')).status).toBe(401);

    const removed = await client.delete('/api/profile/picture');
    expect(removed.status).toBe(200);
    expect(removed.json.profileImageUrl).toBeNull();
    expect((await client.get('/api/profile/picture')).status).toBe(404);
    expect(await sql(system, `SELECT 1 FROM auth.profile_pictures WHERE user_id = $1`, [user.id])).toEqual([]);
  });

  it('judges the bytes, not the name or the header: anything that is not an image is a 400, too large a 413', async () => {
    const client = await signIn(system, await newUser(system));
    const png = await sharp({ create: { width: 64, height: 40, channels: 4, background: '#00000000' } }).png().toBuffer();
    // A PNG sent as application/octet-stream is still a PNG.
    expect((await upload(client, png, 'application/octet-stream')).status).toBe(200);

    const refusals: [string, Buffer, string][] = [
      ['a text file named picture.png', Buffer.from('this is not an image at all, whatever its name says'), 'image/png'],
      ['HTML with a PNG header claim', Buffer.from('<html><script>alert(1)</script></html>'), 'image/png'],
      ['an SVG (scripts run in an image type we do not serve)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml'],
      ['a PNG cut short', png.subarray(0, 60), 'image/png'],
      ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF'), 'image/png'],
    ];
    for (const [name, body, type] of refusals) {
      const res = await upload(client, body, type);
      expect({ name, status: res.status }).toEqual({ name, status: 400 });
      expect(String(res.json.message)).toMatch(/^The picture (must be a PNG, JPEG, WebP or GIF image|could not be read)/);
    }
    const empty = await upload(client, Buffer.alloc(0));
    expect(empty.status).toBe(400);

    const huge = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]);
    const tooLarge = await upload(client, huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.message).toBe('The picture is too large: upload an image of at most 5 MB');

    // A small file claiming a huge canvas (20,000 px square) is refused before anything is decoded.
    const bomb = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).png().toBuffer());
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const bombed = await upload(client, bomb);
    expect(bombed.status).toBe(400);
    expect(bombed.json.message).toBe('The picture has too many pixels: upload one of at most 40 megapixels');

    // The picture stored before the refusals is still there.
    expect((await client.get('/api/profile/picture')).status).toBe(200);
  });

  it('goes with the account when it is deleted', async () => {
    const user = await newUser(system);
    const client = await signIn(system, user);
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123456' } }).png().toBuffer();
    expect((await upload(client, png)).status).toBe(200);
    expect(await sql(system, `SELECT 1 FROM auth.profile_pictures WHERE user_id = $1`, [user.id])).toHaveLength(1);
    expect((await client.request('DELETE', '/api/account', { currentPassword: user.password })).status).toBe(204);
    expect(await sql(system, `SELECT 1 FROM auth.profile_pictures WHERE user_id = $1`, [user.id])).toEqual([]);
  });
});
