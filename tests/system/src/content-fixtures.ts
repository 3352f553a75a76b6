import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { TestHttpClient } from '@qrd/testing';
import { TestSystem } from './harness';

/** Fixtures of the content-code tests: files to upload, uploads as a browser makes them, content codes. */

export function pdf(text = 'Opening hours: 9 to 5'): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A6' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text(text);
    doc.end();
  });
}

export function photo(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret camera data' } } })
    .jpeg()
    .toBuffer();
}

/** A browser's upload: the file itself, with the type the browser guessed from its name. */
export async function upload(system: TestSystem, client: TestHttpClient, body: Buffer, name: string, purpose: 'file' | 'image', type = 'application/octet-stream') {
  const cookie = [...client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${system.url('gateway')}/api/content-files?purpose=${purpose}&name=${encodeURIComponent(name)}`, {
    method: 'POST',
    body,
    headers: { 'content-type': type, origin: new URL(system.config.publicBaseUrl).origin, cookie },
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> & { id: string; message?: string } };
}

export async function seat(client: TestHttpClient): Promise<void> {
  const purchase = await client.post('/api/purchase-qr-code', { name: 'another', price: 3.49 });
  if (purchase.status !== 200) throw new Error(`purchase answered ${purchase.status}: ${purchase.text}`);
}

export async function createContentCode(client: TestHttpClient, name: string, content: unknown, buySeat = true) {
  if (buySeat) await seat(client);
  const res = await client.post('/api/qrcodes', { name, content });
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
  return res.json as { id: string; slug: string; destinationUrl: string; totalScans: number };
}
