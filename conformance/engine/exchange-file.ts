// The run's exchanges on disk: each process of a run (a Playwright worker,
// the runner's set-up, the in-process engine) appends the exchanges it sent
// to a file of its own (JSON lines, every key redacted, the
// answer's text cut short), and the run's reports read them all back: the
// authorization matrix, and what --learn learns.
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExchangeSink } from './session-api.ts';
import type { LoggedExchange } from '../oracles/logged-exchange.ts';

/** The most of an answer's text a file keeps: what the reports and the learner read is at its start. */
const TEXT_LIMIT = 16 * 1024;
/** The most of a sent JSON body a file keeps. */
const BODY_LIMIT = 4 * 1024;

/** A sink appending each exchange, redacted, to `path`. */
export function fileSink(path: string, redact: (text: string) => string): ExchangeSink {
  mkdirSync(join(path, '..'), { recursive: true });
  return {
    record(entry: LoggedExchange) {
      const kept = {
        seq: entry.seq,
        owner: entry.owner,
        phase: entry.phase,
        auth: entry.auth,
        intent: entry.intent,
        request: {
          method: entry.request.method,
          path: redact(entry.request.path),
          ...(entry.request.query
            ? { query: Object.fromEntries(Object.entries(entry.request.query).map(([name, value]) => [name, redact(value)])) }
            : {}),
          // Who sent it, by key name: a raw header may hold a token, so it is left out.
          ...(entry.request.auth && 'key' in entry.request.auth ? { auth: { key: entry.request.auth.key } } : {}),
          ...(entry.request.auth && 'none' in entry.request.auth ? { auth: { none: true as const } } : {}),
        },
        sent: { method: entry.sent.method, url: redact(entry.sent.url), headers: {} },
        url: redact(entry.url),
        status: entry.status,
        headers: Object.fromEntries(Object.entries(entry.headers).map(([name, value]) => [name, redact(value)])),
        // Redacted already, before it was cut (a cut could keep half a key).
        text: entry.shown !== undefined ? entry.shown.slice(0, TEXT_LIMIT) : redact(entry.text.slice(0, TEXT_LIMIT)),
        ...(entry.at !== undefined ? { at: entry.at } : {}),
        // What a write named (the effects watch reads who wrote where); redacted whole, then cut.
        ...(entry.request.json !== undefined ? { sentBody: redact(JSON.stringify(entry.request.json) ?? '').slice(0, BODY_LIMIT) } : {}),
      };
      appendFileSync(path, `${JSON.stringify(kept)}\n`);
    },
  };
}

/** Every exchange the processes of a run wrote to `dir`. */
export function readExchangeFiles(dir: string): LoggedExchange[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) =>
      readFileSync(join(dir, name), 'utf8')
        .split('\n')
        .flatMap((line) => {
          // A line a dying process cut short is left out.
          try {
            return line ? [JSON.parse(line) as LoggedExchange] : [];
          } catch {
            return [];
          }
        }),
    );
}
