// Attaches what a test sent to its report: each exchange as its request line,
// who sent it (a key by name), the status, the answer's headers and the start
// of its body — every key redacted.
import type { TestInfo } from '@playwright/test';
import type { Attribution } from '../run/attribution.ts';

/** The most of an answer's body an attachment shows. */
const BODY_SHOWN = 2000;

const cut = (text: string) => (text.length > BODY_SHOWN ? `${text.slice(0, BODY_SHOWN)}…` : text);

/** Attaches the attribution's exchanges as `exchanges.json` (nothing when it sent none). */
export async function attachExchanges(testInfo: TestInfo, attribution: Attribution, redact: (text: string) => string): Promise<void> {
  if (attribution.exchanges.length === 0) return;
  const shown = attribution.exchanges.map((entry) => ({
    request: redact(`${entry.sent.method} ${entry.url}`),
    sender: entry.auth.kind === 'key' ? `key "${entry.auth.key}"` : entry.auth.how,
    ...(entry.intent?.variant ? { variant: entry.intent.variant } : {}),
    status: entry.status,
    headers: Object.fromEntries(Object.entries(entry.headers).map(([name, value]) => [name, redact(value)])),
    body: cut(entry.shown ?? redact(entry.text.slice(0, BODY_SHOWN * 2))),
  }));
  await testInfo.attach('exchanges.json', { body: JSON.stringify(shown, null, 2), contentType: 'application/json' });
}
