// Notes on a failing check that its failure may come from the config rather than
// the server: only when the check itself used a key where that key's own KEY
// check saw it misbehave (a route needing the same scope, or the same bucket)
// and got an answer the key's declaration decides (never a 5xx), read from the
// KEY checks' structured findings and the run's exchanges.
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import type { RunSettings } from '../config/config-types.ts';
import type { ExchangeView } from '../oracles/exchange-view.ts';
import { expectedScope } from '../oracles/who-may-call.ts';
import { checkIds } from '../plan/check-ids.ts';
import type { CheckResult, KeyFinding } from './outcome.ts';

/** The scope each operation needs, the config's overrides.scopes applied. */
function scopesByOperation(settings: RunSettings): Map<string, string> {
  return new Map(loadRouteTable().map((r) => [r.operationId, expectedScope(r, settings.overrides)]));
}

/** Whether an exchange used the finding's key where it misbehaved: on a route needing that scope, or in that bucket. */
function usedWhereMisbehaved(view: ExchangeView, finding: KeyFinding, scopeOf: Map<string, string>): boolean {
  const { auth } = view.entry;
  if (auth.kind !== 'key' || auth.key !== finding.key) return false;
  // A server error says nothing of a key's declaration: only an answer the key's scopes decide (a 2xx or a 4xx) does.
  if (view.entry.status >= 500) return false;
  return finding.about === 'scope'
    ? view.operations.some((op) => scopeOf.get(op) === finding.scope)
    : view.params.bucketId === finding.bucketId;
}

/** The note for one finding: which key, what it did, where. */
function noteOf(f: KeyFinding): string {
  const did = f.expected === 'served' ? 'refused' : 'served';
  const although =
    f.about === 'scope'
      ? `${f.expected === 'served' ? 'although it declares' : 'although it does not declare'} ${f.scope}`
      : `in bucket ${f.bucketId}, which its bucketIds ${f.expected === 'served' ? 'include' : 'leave out'}`;
  return `note: this check used the key "${f.key}" where it did not behave as declared (${checkIds.key(f.key)}: ${did} on ${f.operationId} ${although}); this failure may come from the config rather than the server`;
}

/**
 * Adds, to each failing check that sent a request with a key on a route needing a scope (or in a bucket) where
 * that key's KEY check failed, a note per such finding that the config may be at fault. A failure elsewhere, or
 * with other keys, is the server's to answer for and gets no note.
 */
export function noteMisdeclaredKeys(results: CheckResult[], views: ExchangeView[], settings: RunSettings): CheckResult[] {
  const findings = results.flatMap((r) => (r.status === 'fail' && r.verifiesKey !== undefined ? (r.keyFindings ?? []) : []));
  if (findings.length === 0) return results;
  const scopeOf = scopesByOperation(settings);
  const byCheck = new Map<string, ExchangeView[]>();
  for (const view of views) {
    if (view.entry.phase !== 'check') continue;
    const sent = byCheck.get(view.entry.owner);
    if (sent) sent.push(view);
    else byCheck.set(view.entry.owner, [view]);
  }
  return results.map((r) => {
    if (r.status !== 'fail' || !r.failure || r.verifiesKey !== undefined) return r;
    const sent = byCheck.get(r.id) ?? [];
    const notes = [...new Set(findings.filter((f) => sent.some((v) => usedWhereMisbehaved(v, f, scopeOf))).map(noteOf))];
    return notes.length ? { ...r, failure: { ...r.failure, actual: `${r.failure.actual}\n${notes.join('\n')}` } } : r;
  });
}
