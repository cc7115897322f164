// Bearer tokens follow RFC 6750's b64token grammar everywhere the mock reads
// one: a chosen token may end in '=' padding when minted over the control API,
// and the Authorization header accepts the same token.
import { describe, expect, it } from 'vitest';
import { loadBundledSpec, loadSchemaValidator } from '../../openapi/contract/load-spec.ts';
import { createMockApp } from '../app/create-mock-app.ts';
import { isB64Token, isChosenToken } from '../core/bearer-token.ts';

const app = createMockApp({ spec: loadBundledSpec(), seed: 5, files: 20, validator: loadSchemaValidator() });
const json = (body: unknown) => new TextEncoder().encode(JSON.stringify(body));
const mint = async (token: string) => {
  const answer = await app.handle({
    method: 'POST',
    path: '/__mock/keys',
    query: '',
    headers: { 'content-type': 'application/json' },
    body: json({ scopes: ['workspaces:read'], token }),
  });
  return { status: answer.status, body: JSON.parse(answer.body as string) };
};
const listWorkspaces = async (token: string) =>
  (await app.handle({ method: 'GET', path: '/api/v1/workspaces', query: '', headers: { authorization: `Bearer ${token}` } })).status;

describe('bearer tokens (RFC 6750 b64token)', () => {
  it.each(['YmFzZTY0LXBhZGRlZC10b2tlbg=', 'YmFzZTY0LXBhZGRlZC10b2tlbg==', 'A-Za-z0-9._~+/padded=='])(
    'POST /__mock/keys mints the chosen token %s, and it authenticates',
    async (token) => {
      const minted = await mint(token);
      expect(minted.status).toBe(201);
      expect(minted.body.token).toBe(token);
      expect(await listWorkspaces(token)).toBe(200);
    },
  );

  it.each(['has=inside-the-token-here', '=leading-padding-token', 'has space in the token', 'short='])(
    'POST /__mock/keys refuses %j with 400 naming /token',
    async (token) => {
      const refused = await mint(token);
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].field).toBe('/token');
      expect(await listWorkspaces(token)).toBe(401);
    },
  );

  it('one grammar for both: b64token, with 16 to 128 characters for a chosen token', () => {
    expect(isB64Token('abc=')).toBe(true);
    expect(isB64Token('a=b')).toBe(false);
    expect(isB64Token('=')).toBe(false);
    expect(isChosenToken('abc=')).toBe(false);
    expect(isChosenToken(`${'a'.repeat(126)}==`)).toBe(true);
    expect(isChosenToken(`${'a'.repeat(127)}==`)).toBe(false);
  });
});
