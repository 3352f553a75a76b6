/**
 * Answers public/early-data.js asked for before the app's scripts ran (on /dashboard: the user and
 * the first page of codes, at the addresses the app asks for; early-first-page.spec.tsx checks
 * they agree). Each is handed out once, to the app's first GET of the same address, and only while
 * fresh: a later request of that address asks the server again. A failed one is asked again.
 */
interface EarlyData {
  startedAt: number;
  responses: Record<string, Promise<Response>>;
}

declare global {
  interface Window {
    __earlyData?: EarlyData;
  }
}

/** Older than this, an early answer is not used (the page was left open, the data may have changed). */
const FRESH_MS = 15_000;

export function takeEarlyResponse(path: string): Promise<Response> | null {
  const early = typeof window === 'undefined' ? undefined : window.__earlyData;
  const response = early?.responses[path];
  if (!early || !response) return null;
  delete early.responses[path];
  return Date.now() - early.startedAt <= FRESH_MS ? response : null;
}
