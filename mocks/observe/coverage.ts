// Contract coverage: the answers the spec documents per operation (each
// status of its `responses`, with the error code its example gives, and the
// cases the contract tells apart: 403 agent_upload_complete_forbidden on
// upload-complete, 404 for a bucket outside the key's bucketIds), which of
// them a client met and which it never met. Counted over every request since
// the start or the last clear, not only those the bounded log still keeps.
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Route } from '../../openapi/contract/route-table.ts';
import type { OperationId } from '../../openapi/contract/operation-types.ts';
import { resolveRef, type ApiDocument } from '../../openapi/contract/spec-refs.ts';
import type { LoggedRequest } from './request-log.ts';

/** One answer an operation documents. */
export interface DocumentedAnswer {
  status: number;
  code: string | null;
  /** The bucket exists but lies outside the key's bucketIds. */
  bucketOutsideKey?: true;
}

/** An answer and how often the client met it. */
export interface AnswerCount extends DocumentedAnswer {
  /** e.g. `403 insufficient_scope`, `404 not_found (bucket outside the key's bucketIds)`. */
  label: string;
  count: number;
}

export interface OperationCoverage {
  operationId: OperationId;
  method: string;
  pathTemplate: string;
  /** Requests to the operation. */
  requests: number;
  met: AnswerCount[];
  neverMet: AnswerCount[];
  /** Answers met that the operation does not document (a scenario's 500, a Prefer code). */
  undocumented: AnswerCount[];
  /** Requests that got no answer: a dropped connection, or the client went away. */
  unanswered: number;
}

export interface CoverageReport {
  /** Documented answers over every operation, how many were met, and the share in percent (rounded down). */
  documented: number;
  met: number;
  percent: number;
  /** Requests counted (to an operation or not). */
  requests: number;
  /** Requests to no operation (unknown path, unlisted method). */
  outsideOperations: number;
  operations: OperationCoverage[];
}

/** Choices that change which answers a deployment documents (a profile's foreignBucketStatus). */
export interface CoverageChoices {
  foreignBucketStatus?: 403 | 404;
  /** The code of a foreign bucket's 403. */
  foreignBucketCode?: string;
}

const OUTSIDE_KEY = "bucket outside the key's bucketIds";

export const answerLabel = (a: DocumentedAnswer): string =>
  `${a.status}${a.code ? ` ${a.code}` : ''}${a.bucketOutsideKey ? ` (${OUTSIDE_KEY})` : ''}`;

const answerKey = (status: number, code: string | null, outside: boolean | undefined) => `${status}|${code ?? ''}|${outside ? 1 : 0}`;

/** The documented answers of every route, from the spec's responses and examples. */
export function documentedAnswers(
  doc: ApiDocument,
  routes: readonly Route[],
  choices: CoverageChoices = {},
): Map<string, DocumentedAnswer[]> {
  const catalog = new Map<string, DocumentedAnswer[]>();
  for (const route of routes) {
    const op = (doc.paths?.[route.pathTemplate] as Record<string, OpenAPIV3_1.OperationObject>)[route.method.toLowerCase()];
    const answers: DocumentedAnswer[] = [];
    for (const [status, raw] of Object.entries(op.responses ?? {})) {
      const response = resolveRef<OpenAPIV3_1.ResponseObject>(doc, raw);
      const example = Object.values(response.content ?? {})[0]?.example as { code?: unknown } | undefined;
      answers.push({ status: Number(status), code: typeof example?.code === 'string' ? example.code : null });
    }
    // Upload-complete refuses every API-key client holding its scope (G03), before it looks at the bucket.
    if (route.agentForbidden) answers.push({ status: 403, code: 'agent_upload_complete_forbidden' });
    else if (route.bucketScoped) {
      const status = choices.foreignBucketStatus ?? 404;
      const code = status === 403 ? (choices.foreignBucketCode ?? null) : (answers.find((a) => a.status === 404)?.code ?? null);
      answers.push({ status, code, bucketOutsideKey: true });
    }
    catalog.set(
      route.operationId,
      answers.sort((a, b) => a.status - b.status || Number(!!a.bucketOutsideKey) - Number(!!b.bucketOutsideKey)),
    );
  }
  return catalog;
}

/** Counts answers per operation as requests are logged, and reports them against the documented ones. */
export class CoverageTally {
  private readonly counts = new Map<string, Map<string, AnswerCount>>();
  private readonly requestsTo = new Map<string, number>();
  private readonly unanswered = new Map<string, number>();
  private outside = 0;
  private total = 0;

  constructor(
    private readonly routes: readonly Route[],
    private readonly catalog: Map<string, DocumentedAnswer[]>,
  ) {}

  /** Counts one logged request of the API (requests to presigned URLs are not the contract's operations). */
  note(entry: LoggedRequest): void {
    this.total += 1;
    if (!entry.operationId) {
      this.outside += 1;
      return;
    }
    const op = entry.operationId;
    this.requestsTo.set(op, (this.requestsTo.get(op) ?? 0) + 1);
    if (entry.status === null) {
      this.unanswered.set(op, (this.unanswered.get(op) ?? 0) + 1);
      return;
    }
    const documented = this.catalog.get(op) ?? [];
    // The bucket case counts only where the operation documents it for that answer; else it is the plain answer.
    const outside =
      entry.bucketOutsideKey === true && documented.some((a) => a.bucketOutsideKey && a.status === entry.status && a.code === entry.code);
    const key = answerKey(entry.status, entry.code, outside);
    const counts = this.counts.get(op) ?? new Map<string, AnswerCount>();
    this.counts.set(op, counts);
    const answer: DocumentedAnswer = { status: entry.status, code: entry.code, ...(outside ? { bucketOutsideKey: true as const } : {}) };
    const counted = counts.get(key) ?? { ...answer, label: answerLabel(answer), count: 0 };
    counted.count += 1;
    counts.set(key, counted);
  }

  clear(): void {
    this.counts.clear();
    this.requestsTo.clear();
    this.unanswered.clear();
    this.outside = 0;
    this.total = 0;
  }

  report(): CoverageReport {
    let documentedTotal = 0;
    let metTotal = 0;
    const operations = this.routes.map((route): OperationCoverage => {
      const counts = this.counts.get(route.operationId) ?? new Map<string, AnswerCount>();
      const documented = this.catalog.get(route.operationId) ?? [];
      const keys = new Set<string>();
      const met: AnswerCount[] = [];
      const neverMet: AnswerCount[] = [];
      for (const answer of documented) {
        // A documented answer without a code is met by that status with any code.
        const matching = [...counts.entries()].filter(
          ([, c]) =>
            c.status === answer.status &&
            (answer.code === null || c.code === answer.code) &&
            !!c.bucketOutsideKey === !!answer.bucketOutsideKey,
        );
        matching.forEach(([key]) => keys.add(key));
        const count = matching.reduce((sum, [, c]) => sum + c.count, 0);
        (count > 0 ? met : neverMet).push({ ...answer, label: answerLabel(answer), count });
      }
      documentedTotal += documented.length;
      metTotal += met.length;
      return {
        operationId: route.operationId as OperationId,
        method: route.method,
        pathTemplate: route.pathTemplate,
        requests: this.requestsTo.get(route.operationId) ?? 0,
        met,
        neverMet,
        undocumented: [...counts.entries()].filter(([key]) => !keys.has(key)).map(([, c]) => ({ ...c })),
        unanswered: this.unanswered.get(route.operationId) ?? 0,
      };
    });
    return {
      documented: documentedTotal,
      met: metTotal,
      percent: documentedTotal === 0 ? 0 : Math.floor((metTotal * 100) / documentedTotal),
      requests: this.total,
      outsideOperations: this.outside,
      operations,
    };
  }
}

const cell = (answers: AnswerCount[], counted: boolean): string =>
  answers.length === 0 ? '—' : answers.map((a) => (counted ? `${a.label} ×${a.count}` : a.label)).join(', ');

/**
 * The report as Markdown: a summary line, one table row per operation called
 * (what the client met, and never met), and the operations never called.
 * `{ all: true }` gives every operation a row.
 */
export function formatCoverage(report: CoverageReport, options: { all?: boolean } = {}): string {
  const called = report.operations.filter((o) => o.requests > 0);
  const rows = options.all ? report.operations : called;
  const lines = [
    `## Contract coverage: ${report.met} of ${report.documented} documented answers met (${report.percent}%)`,
    '',
    `${report.requests} requests; ${called.length} of ${report.operations.length} operations called; ${report.outsideOperations} to no operation.`,
  ];
  if (rows.length > 0)
    lines.push(
      '',
      '| Operation | Requests | Met | Never met |',
      '|---|---|---|---|',
      ...rows.map(
        (o) => `| \`${o.operationId}\` ${o.method} ${o.pathTemplate} | ${o.requests} | ${cell(o.met, true)} | ${cell(o.neverMet, false)} |`,
      ),
    );
  const uncalled = report.operations.filter((o) => o.requests === 0);
  if (!options.all && uncalled.length > 0)
    lines.push(
      '',
      `Never called (${uncalled.reduce((n, o) => n + o.neverMet.length, 0)} documented answers): ${uncalled.map((o) => `\`${o.operationId}\``).join(', ')}.`,
    );
  const undocumented = report.operations.flatMap((o) => [
    ...o.undocumented.map((a) => `\`${o.operationId}\` ${a.label} ×${a.count}`),
    ...(o.unanswered > 0 ? [`\`${o.operationId}\` no answer ×${o.unanswered}`] : []),
  ]);
  if (undocumented.length > 0) lines.push('', `Answers the spec does not document: ${undocumented.join(', ')}.`);
  return `${lines.join('\n')}\n`;
}
