import { TestHttpClient, unzipFiles } from '@qrd/testing';

/** A binary download as the signed-in browser makes it (the client keeps text only). */
export async function downloadAs(client: TestHttpClient, path: string): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const cookie = [...client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${client.baseUrl}${path}`, { headers: cookie ? { cookie } : {} });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** Every file of a ZIP as text (read with the shared ZIP reader, CRC checked). */
export async function unzip(zip: Buffer): Promise<Map<string, string>> {
  const files = await unzipFiles(zip);
  return new Map([...files].map(([name, bytes]) => [name, bytes.toString('utf8')]));
}

/** The lines of a CSV file past its header, split on commas (our test values hold none). */
export function csvRows(csv: string): { header: string[]; rows: string[][] } {
  const [header, ...rows] = csv.trimEnd().split('\r\n');
  return { header: header.split(','), rows: rows.map((row) => row.split(',')) };
}
