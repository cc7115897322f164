// Learns the 401 challenge from the run's log: the WWW-Authenticate value the
// deployment sends with a 401 (the gap register's is `Bearer`), or null when
// it sends none.
import type { Redactor } from '../http/redact.ts';
import type { ExchangeView } from '../oracles/exchange-view.ts';
import { Tally, type Learned } from './observation.ts';

/**
 * The most common WWW-Authenticate value of the run's 401 answers to requests carrying no Authorization header at
 * all (null: none), redacted; of every 401 when no such request was answered 401. A server may add
 * `error="invalid_token"` for a bad key (RFC 6750); the challenge a client without a key meets is the one to learn.
 */
export function learnAuthChallenge(views: ExchangeView[], redact: Redactor): Learned<string | null> {
  const seen = new Tally<string | null>();
  const refused = views.filter((view) => view.entry.status === 401);
  const keyless = refused.filter((view) => view.entry.auth.kind === 'invalid' && view.entry.auth.how === 'no Authorization header');
  for (const view of keyless.length ? keyless : refused) {
    // A header sent several times arrives joined; one line is what a profile holds.
    const value = view.entry.headers['www-authenticate']?.replace(/[\r\n\0]+/g, ' ').trim();
    seen.add(value ? redact(value) : null);
  }
  if (seen.total === 0) return { why: 'no request was answered 401' };
  const show = (value: string | null) => (value === null ? 'none' : JSON.stringify(value));
  return { value: seen.top()!, evidence: `WWW-Authenticate of ${seen.total} answers 401: ${seen.describe(show)}` };
}
