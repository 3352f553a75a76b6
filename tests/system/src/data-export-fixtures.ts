import yauzl from 'yauzl';
import { TestHttpClient } from '@qrd/testing';

/** A binary download as the signed-in browser makes it (the client keeps text only). */
export async function downloadAs(client: TestHttpClient, path: string): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const cookie = [...client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${client.baseUrl}${path}`, { headers: cookie ? { cookie } : {} });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** Every file of a ZIP, read with a real ZIP reader (central directory, CRC checked). */
export function unzip(zip: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error || !archive) return reject(error ?? new Error('no archive'));
      const files = new Map<string, string>();
      archive.on('error', reject);
      archive.on('end', () => resolve(files));
      archive.on('entry', (entry: yauzl.Entry) => {
        archive.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            archive.readEntry();
          });
        });
      });
      archive.readEntry();
    });
  });
}

/** The lines of a CSV file past its header, split on commas (our test values hold none). */
export function csvRows(csv: string): { header: string[]; rows: string[][] } {
  const [header, ...rows] = csv.trimEnd().split('\r\n');
  return { header: header.split(','), rows: rows.map((row) => row.split(',')) };
}
