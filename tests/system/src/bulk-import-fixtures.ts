import type { BulkImportView } from '@qrd/contracts';
import { TestHttpClient, TestResponse, waitFor } from '@qrd/testing';

/** Bulk import fixtures: the file posted as the browser does (the body is the file itself). */
export async function upload(client: TestHttpClient, file: Buffer | string, type = 'text/csv'): Promise<TestResponse> {
  const cookie = [...client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${client.baseUrl}/api/imports`, {
    method: 'POST',
    headers: { 'content-type': type, 'sec-fetch-site': 'same-origin', cookie },
    body: new Uint8Array(Buffer.from(file)),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: text ? JSON.parse(text) : undefined };
}

/** The import once its background creation has ended. */
export function importDone(client: TestHttpClient, id: string): Promise<BulkImportView> {
  return waitFor(
    async () => {
      const view = (await client.get(`/api/imports/${id}`)).json as BulkImportView;
      if (view.state !== 'done') throw new Error(`the import is ${view.state}`);
      return view;
    },
    30_000,
    200,
  );
}
