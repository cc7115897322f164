// Redacts API keys by value (raw, base64, base64url, URL-encoded) from any text
// the suite writes: messages, records, reproduction commands, reports.

export interface Secret {
  /** The env var that holds the token; what the redacted text shows instead. */
  env: string;
  token: string;
}

/** Every form a token can take in text or bytes. */
export function secretForms(token: string): string[] {
  const forms = new Set<string>([token, encodeURIComponent(token), encodeURIComponent(encodeURIComponent(token))]);
  for (const text of [token, `Bearer ${token}`, `:${token}`, `${token}:`]) {
    const b64 = Buffer.from(text).toString('base64');
    forms.add(b64);
    forms.add(b64.replace(/=+$/, ''));
    forms.add(Buffer.from(text).toString('base64url'));
  }
  // The middle of a base64 encoding of a longer text still carries the key: cover the three alignments.
  for (let shift = 0; shift < 3; shift++) {
    const b64 = Buffer.from('x'.repeat(shift) + token).toString('base64');
    const start = Math.ceil((shift * 4) / 3) + 1;
    const core = b64.slice(start, start + Math.floor((token.length * 4) / 3) - 4);
    if (core.length >= 8) forms.add(core);
  }
  // A cut excerpt may keep only the start of a key; its first half is already too much.
  if (token.length >= 24) forms.add(token.slice(0, Math.ceil(token.length / 2)));
  return [...forms].filter((f) => f.length >= 6).sort((a, b) => b.length - a.length);
}

export interface Redactor {
  (text: string): string;
  /** True when the text holds any form of any secret. */
  leaks(text: string): boolean;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Builds a redactor for the given secrets; each form is replaced by `[redacted $ENV]`. */
export function createRedactor(secrets: Secret[]): Redactor {
  const pairs = secrets.flatMap((s) => secretForms(s.token).map((form) => ({ form, label: `[redacted $${s.env}]` })));
  pairs.sort((a, b) => b.form.length - a.form.length);
  const pattern = pairs.length ? new RegExp(pairs.map((p) => escapeRegExp(p.form)).join('|'), 'g') : undefined;
  const byForm = new Map(pairs.map((p) => [p.form, p.label]));
  const redact = ((text: string) => (pattern ? text.replace(pattern, (m) => byForm.get(m) ?? '[redacted]') : text)) as Redactor;
  redact.leaks = (text: string) => (pattern ? new RegExp(pattern.source).test(text) : false);
  return redact;
}
