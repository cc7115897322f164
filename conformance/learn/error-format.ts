// Learns G11 from the run's log: whether the deployment's error answers are
// problem+json (the gap register's choice) or a format of its own; for the
// latter, one example body in its most common shape and its content type,
// every key redacted (a deployment may echo what it was sent).
import type { Redactor } from '../http/redact.ts';
import type { ExchangeView } from '../oracles/exchange-view.ts';
import { mediaTypeOf, Tally, type Learned } from './observation.ts';

export interface LearnedErrorFormat {
  format: 'problem+json' | 'any';
  /** With `any`: the content type and one example body, as a profile's `observed.errorBody`. */
  errorBody?: { contentType: string; example: unknown };
}

const PROBLEM = 'application/problem+json';
const isJsonType = (type: string) => /^application\/([\w.+-]*\+)?json$/.test(type);

/** The body as a profile example: a JSON object or array, or the text (under a JSON type, a JSON string's value). */
function exampleOf(view: ExchangeView, type: string): unknown {
  const text = view.entry.text;
  if (!isJsonType(type)) return text;
  try {
    const value = JSON.parse(text) as unknown;
    return value !== null && typeof value === 'object' ? value : String(value);
  } catch {
    return text;
  }
}

/** What a body's shape is, for grouping: its type and its field names, nested ones included. */
function shapeOf(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length ? shapeOf(value[0]) : ''}]`;
  if (value === null || typeof value !== 'object') return typeof value;
  return `{${Object.entries(value)
    .map(([name, v]) => `${name}:${shapeOf(v)}`)
    .sort()
    .join(',')}}`;
}

/** The top level of a shape: what tells one format from another (`{error}` whatever the error holds). */
const topOf = (value: unknown): string =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).sort().join(',') : shapeOf(value);

/** The example with every key the run sent redacted; a body that is no longer JSON after redaction becomes text. */
function redacted(example: unknown, redact: Redactor): unknown {
  if (typeof example === 'string') return redact(example);
  const text = redact(JSON.stringify(example));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The error format by majority of the run's 4xx answers with a body; with `any`, an example in the most common shape. */
export function learnErrorFormat(views: ExchangeView[], redact: Redactor): Learned<LearnedErrorFormat> {
  const errors = views.filter((v) => v.entry.status >= 400 && v.entry.status < 500 && v.entry.text.trim() !== '');
  if (errors.length === 0) return { why: 'no error answer of the run had a body' };
  const types = new Tally<string>();
  for (const view of errors) types.add(mediaTypeOf(view) || '(none)');
  const problems = types.count(PROBLEM);
  const evidence = `content types of ${errors.length} error answers: ${types.describe()}`;
  if (problems * 2 >= errors.length) return { value: { format: 'problem+json' }, evidence };
  // The most common format (content type and top-level fields), then its most common full shape.
  const own = errors.filter((v) => mediaTypeOf(v) !== PROBLEM);
  const described = own.map((view) => {
    const type = mediaTypeOf(view) || 'text/plain';
    const example = exampleOf(view, type);
    return { view, type, example, format: `${type} ${topOf(example)}`, shape: shapeOf(example) };
  });
  const formats = new Tally<string>();
  const shapes = new Tally<string>();
  for (const d of described) {
    formats.add(d.format);
    shapes.add(d.shape);
  }
  const format = formats.top()!;
  // An answer to a request without any key first: it has nothing of the caller's to echo.
  const keyless = (d: (typeof described)[number]) => {
    const auth = d.view.entry.request.auth;
    return !auth || 'none' in auth ? 1 : 0;
  };
  const [chosen] = described
    .filter((d) => d.format === format)
    .sort((a, b) => keyless(b) - keyless(a) || shapes.count(b.shape) - shapes.count(a.shape) || a.view.entry.seq - b.view.entry.seq);
  const example = redacted(chosen.example, redact);
  if (example === '') return { why: `${evidence}; the most common one has no example body` };
  return { value: { format: 'any', errorBody: { contentType: chosen.type, example } }, evidence };
}
