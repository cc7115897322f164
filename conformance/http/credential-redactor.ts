// A redactor that also redacts values the run learns as it goes: credentials
// a deployment handed out (a session cookie, a token-like header) that request
// variants replay. They are no configured key, but they are secrets all the
// same: no report, curl line or message may show them.
import type { Redactor, Secret } from './redact.ts';

/** The shortest value redacted: a shorter one would replace ordinary text. */
const MIN_LENGTH = 6;

/** The forms a learned value is looked for in: as sent, and URL-encoded. */
const formsOf = (token: string) => [...new Set([token, encodeURIComponent(token)])];

/** `base`, also redacting every value added later (each replaced by `[redacted <env>]`). */
export function extendableRedactor(base: Redactor): Redactor {
  const learned: { forms: string[]; shown: string }[] = [];
  const redact = ((text: string) =>
    learned.reduce((out, { forms, shown }) => forms.reduce((t, form) => t.split(form).join(shown), out), base(text))) as Redactor;
  redact.leaks = (text) => base.leaks(text) || learned.some(({ forms }) => forms.some((form) => text.includes(form)));
  redact.add = (secret: Secret) => {
    if (secret.token.length < MIN_LENGTH || learned.some((l) => l.forms[0] === secret.token)) return;
    learned.push({ forms: formsOf(secret.token), shown: `[redacted ${secret.env}]` });
    // Longer values first: one that holds another is replaced whole.
    learned.sort((a, b) => b.forms[0].length - a.forms[0].length);
  };
  return redact;
}
