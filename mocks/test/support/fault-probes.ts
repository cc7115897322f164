// One probe per planted fault: a few real HTTP calls that answer "is this
// fault's rule broken right now?". Each probe is self-contained after a reset.
import type { FaultName } from '../../faults/fault-catalog.ts';
import type { MockClient } from './mock-client.ts';
import { rawRequest } from './raw-http.ts';
import { MORE_PROBES } from './fault-probes-more.ts';
import { VARIANT_PROBES } from './fault-probes-variants.ts';
import { BODY_PROBES } from './fault-probes-body.ts';
import { HEADER_PROBES } from './fault-probes-headers.ts';
import { QUIET_PROBES } from './fault-probes-quiet.ts';
import { REQUEST_LINE_PROBES } from './fault-probes-request-line.ts';
import type { RuleProbe } from './rule-probe.ts';

export type { RuleProbe } from './rule-probe.ts';

/** Faults that break more than their own probe: the narrower faults' rules too, or every route (the API prefix). */
export const FAULT_SUBSUMES: Partial<Record<FaultName, readonly FaultName[] | 'every-route'>> = {
  'missing-key-accepted': ['head-served-without-key'],
  // A method token in lower case is the route's method to the mock: every scope unchecked serves it too.
  'scope-unenforced-everywhere': [
    'scope-unenforced-mutating',
    'scope-unenforced-reading',
    'scope-confused',
    'key-extra-scope',
    'lowercase-method-skips-scope',
  ],
  'bad-query-500': ['query-not-utf8-500'],
  'bad-query-defaulted': ['limit-maximum-ignored'],
  'bucket-limits-ignored': [
    'bucket-limit-ignored-list-files',
    'bucket-limit-ignored-presign-download',
    'bucket-limit-ignored-move-destination',
    'bucket-limit-ignored-list-buckets',
    'head-ignores-bucket-limits',
  ],
  // A file of any bucket is found by any id position, its last copy or folded spelling included.
  'cross-bucket-file-access': ['batch-later-ids-unchecked', 'duplicate-key-last-wins'],
  // A form's write whose scope goes unchecked is read as JSON, whatever key sends it.
  'non-json-write-skips-scope': ['content-type-ignored'],
  'body-bucket-id-every-write': ['writes-take-body-bucket-id', 'restore-body-bucket', 'escaped-field-name-unchecked'],
  // A quiet write is its loud twin with the answer trimmed: the twin's probe reads where the write landed.
  'restore-body-bucket-quiet': ['restore-body-bucket'],
  'automation-body-bucket-quiet': ['writes-take-body-bucket-id'],
  'api-prefix-moved': 'every-route',
  'response-last-field-dropped': 'every-route',
};

const bucketPath = (mock: MockClient, bucket: string) => `/workspaces/${mock.ids.workspace}/buckets/${bucket}`;
const keys = (mock: MockClient) => mock.server.app.presetKeys;
const allBut = (mock: MockClient, scope: string) => mock.key(mock.server.app.knownScopes.filter((s) => s !== scope));
const firstFile = async (mock: MockClient, bucket: string, query = 'limit=1') =>
  (await mock.call(`${bucketPath(mock, bucket)}/files?${query}`, { key: keys(mock).full })).body.data[0];

export const FAULT_PROBES: Record<FaultName, RuleProbe> = {
  'scope-unenforced-mutating': async (mock) => {
    const file = await firstFile(mock, mock.ids.allowed);
    return (
      (
        await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/${file.id}`, {
          method: 'PATCH',
          key: await allBut(mock, 'files:write'),
          body: { description: 'probe' },
        })
      ).status === 200
    );
  },
  'scope-unenforced-reading': async (mock) =>
    (await mock.call(`${bucketPath(mock, mock.ids.allowed)}/automations`, { key: await allBut(mock, 'automations:read') })).status !== 403,
  'scope-confused': async (mock) =>
    (await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files`, { key: await mock.key(['files:write']) })).status !== 403,
  'bucket-limit-ignored-list-files': async (mock) =>
    (await mock.call(`${bucketPath(mock, mock.ids.other)}/files`, { key: keys(mock).restricted })).status === 200,
  'bucket-limit-ignored-presign-download': async (mock) => {
    const file = await firstFile(mock, mock.ids.other);
    return (
      (
        await mock.call(`${bucketPath(mock, mock.ids.other)}/files/presign-download`, {
          key: keys(mock).restricted,
          body: { fileId: file.id },
        })
      ).status === 200
    );
  },
  'bucket-limit-ignored-move-destination': async (mock) => {
    const file = await firstFile(mock, mock.ids.allowed);
    const body = { fileIds: [file.id], destination: { bucketId: mock.ids.other, prefix: 'probe/' } };
    return (await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/move`, { key: keys(mock).restricted, body })).status === 200;
  },
  'bucket-limit-ignored-list-buckets': async (mock) =>
    (await mock.call(`/workspaces/${mock.ids.workspace}/buckets`, { key: keys(mock).restricted })).body.data.length !== 1,
  'cross-bucket-file-access': async (mock) => {
    const file = await firstFile(mock, mock.ids.other);
    return (
      (
        await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/${file.id}`, {
          method: 'PATCH',
          key: keys(mock).full,
          body: { description: 'probe' },
        })
      ).status === 200
    );
  },
  'refusal-changes-state': async (mock) => {
    const file = await firstFile(mock, mock.ids.allowed);
    const answer = await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/${file.id}`, {
      method: 'PATCH',
      key: await allBut(mock, 'files:write'),
      body: { tags: ['probe'] },
    });
    // Read back without filters: the probed file is the bucket's first one.
    const after = await firstFile(mock, mock.ids.allowed);
    return answer.status === 403 && after.id === file.id && after.tags.includes('probe');
  },
  'upload-needs-complete': async (mock) => {
    const offer = await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/presign-upload`, {
      key: keys(mock).full,
      body: { path: 'probe/up.txt', contentType: 'text/plain', size: 2 },
    });
    await fetch(offer.body.url, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'ok' });
    return (await firstFile(mock, mock.ids.allowed, 'prefix=probe/')) === undefined;
  },
  'missing-key-accepted': async (mock) => (await mock.call('/workspaces')).status !== 401,
  // The restricted key shows one bucket: a full-access fallback (missing-key-accepted) would show three.
  'query-key-accepted': async (mock) =>
    (await mock.call(`/workspaces?access_token=${keys(mock).restricted}`)).body?.data?.[0]?.bucketCount === 1,
  'route-moved': async (mock) => {
    const file = await firstFile(mock, mock.ids.allowed);
    const folder = file.path.slice(0, file.path.lastIndexOf('/') + 1);
    return (
      (
        await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/move`, {
          key: keys(mock).full,
          body: { fileIds: [file.id], destination: { prefix: folder } },
        })
      ).status === 404
    );
  },
  'prefix-filter-ignored': async (mock) => {
    const file = await firstFile(mock, mock.ids.allowed);
    const prefix = file.path.slice(0, file.path.indexOf('/') + 1);
    const listed = (
      await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files?limit=1000&prefix=${encodeURIComponent(prefix)}`, {
        key: keys(mock).full,
      })
    ).body.data;
    return listed.some((f: any) => !f.path.startsWith(prefix));
  },
  'tag-filter-ignored': async (mock) => {
    const listed = (await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files?limit=1000&tag=finance`, { key: keys(mock).full })).body
      .data;
    return listed.some((f: any) => !f.tags.includes('finance'));
  },
  'response-missing-field': async (mock) => (await firstFile(mock, mock.ids.allowed)).updatedAt === undefined,
  'malformed-json-500': async (mock) =>
    (
      await mock.call(`${bucketPath(mock, mock.ids.allowed)}/automations`, {
        key: keys(mock).full,
        rawBody: '{',
        headers: { 'content-type': 'application/json' },
      })
    ).status >= 500,
  'key-echoed-in-error': async (mock) =>
    (await mock.call('/workspaces', { key: 'bk_probe_secret_value' })).text.includes('bk_probe_secret_value'),
  'auth-challenge-missing': async (mock) => {
    const answer = await mock.call('/workspaces');
    return answer.status === 401 && !answer.headers.get('www-authenticate');
  },
  'key-first-scope-dropped': async (mock) =>
    (await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files?limit=1`, { key: await mock.key(['files:read', 'files:write']) }))
      .status === 403,
  'scope-unenforced-everywhere': async (mock) => (await mock.call('/workspaces', { key: await mock.key(['files:read']) })).status === 200,
  'scope-refusal-unnamed': async (mock) => {
    const answer = await mock.call('/workspaces', { key: await mock.key(['files:read']) });
    return answer.status === 403 && answer.body.code !== 'insufficient_scope';
  },
  'writes-not-persisted': async (mock) => {
    const file = await firstFile(mock, mock.ids.allowed);
    const answer = await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/${file.id}`, {
      method: 'PATCH',
      key: keys(mock).full,
      body: { tags: ['probe-kept'] },
    });
    return answer.status === 200 && !(await firstFile(mock, mock.ids.allowed)).tags.includes('probe-kept');
  },
  'bucket-limits-ignored': async (mock) =>
    (await mock.call(`${bucketPath(mock, mock.ids.other)}/automations`, { key: keys(mock).restricted })).status === 200,
  // The span probes ask for 500 items: the largest page (1000) is the variant limit-max-spans-buckets answers wrongly.
  'listing-spans-buckets': async (mock) => {
    const other = await firstFile(mock, mock.ids.other);
    const listed = (
      await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files?limit=500&prefix=${encodeURIComponent(other.path)}`, {
        key: keys(mock).full,
      })
    ).body.data;
    return listed.some((f: any) => f.id === other.id);
  },
  'workspace-ignored': async (mock) =>
    (await mock.call(`/workspaces/ws_not_its_own/buckets/${mock.ids.allowed}/files?limit=1`, { key: keys(mock).full })).status === 200,
  'item-listings-span-buckets': async (mock) =>
    (await mock.call(`${bucketPath(mock, mock.ids.allowed)}/automations`, { key: keys(mock).full })).body.data.some(
      (item: any) => item.bucketId !== mock.ids.allowed,
    ),
  'foreign-bucket-403': async (mock) =>
    (await mock.call(`${bucketPath(mock, mock.ids.other)}/automations`, { key: keys(mock).restricted })).status === 403,
  'api-prefix-moved': async (mock) => (await mock.call('/workspaces', { key: keys(mock).full })).status === 404,
  'unknown-paths-served': async (mock) =>
    (await mock.call(`${mock.server.origin}/api/v2/workspaces`, { key: keys(mock).full })).status === 200,
  'unlisted-method-404': async (mock) => (await mock.call('/workspaces', { method: 'DELETE', key: keys(mock).full })).status === 404,
  'download-bytes-altered': async (mock) => {
    const file = await firstFile(mock, mock.ids.allowed);
    const offer = await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/presign-download`, {
      key: keys(mock).full,
      body: { fileId: file.id },
    });
    return offer.status === 200 && (await (await fetch(offer.body.url)).arrayBuffer()).byteLength !== file.size;
  },
  'semantic-flag-refused': async (mock) =>
    (await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files?search=report&semantic=1`, { key: keys(mock).full })).status === 400,
  'search-case-sensitive': async (mock) => {
    const file = await firstFile(mock, mock.ids.allowed);
    const listed = (
      await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files?limit=1000&search=${encodeURIComponent(file.name.toUpperCase())}`, {
        key: keys(mock).full,
      })
    ).body.data;
    return !listed.some((f: any) => f.id === file.id);
  },
  // OR shows files that match only the prefix and files that match only the tag; a dropped filter shows one kind only.
  'filters-combined-with-or': async (mock) => {
    const file = await firstFile(mock, mock.ids.allowed);
    const prefix = file.path.slice(0, file.path.indexOf('/') + 1);
    const listed = (
      await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files?limit=1000&tag=finance&prefix=${encodeURIComponent(prefix)}`, {
        key: keys(mock).full,
      })
    ).body.data;
    const inPrefix = (f: any) => f.path.startsWith(prefix);
    const tagged = (f: any) => f.tags.includes('finance');
    return listed.some((f: any) => inPrefix(f) && !tagged(f)) && listed.some((f: any) => tagged(f) && !inPrefix(f));
  },
  'semantic-without-search-accepted': async (mock) =>
    (await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files?semantic=1`, { key: keys(mock).full })).status === 200,
  'semantic-unranked': async (mock) => {
    const file = await firstFile(mock, mock.ids.allowed);
    const answer = await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files?semantic=1&search=${encodeURIComponent(file.name)}`, {
      key: keys(mock).full,
    });
    return answer.status === 200 && answer.body.data.length > 0 && answer.body.data[0].score === undefined;
  },
  'cursor-ignored': async (mock) => {
    const first = await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files?limit=1`, { key: keys(mock).full });
    const second = await mock.call(
      `${bucketPath(mock, mock.ids.allowed)}/files?limit=1&cursor=${encodeURIComponent(first.body.nextCursor)}`,
      { key: keys(mock).full },
    );
    return second.body.data[0].id === first.body.data[0].id;
  },
  'response-last-field-dropped': async (mock) => {
    const answer = await mock.call('/workspaces', { key: keys(mock).full });
    return answer.status === 200 && answer.body.nextCursor === undefined;
  },
  'writes-as-put': async (mock) => {
    const file = await firstFile(mock, mock.ids.allowed);
    const url = `${bucketPath(mock, mock.ids.allowed)}/files/${file.id}`;
    return (await mock.call(url, { method: 'PATCH', key: keys(mock).full, body: { description: 'probe' } })).status === 405;
  },
  'malformed-json-422': async (mock) =>
    (
      await mock.call(`${bucketPath(mock, mock.ids.allowed)}/automations`, {
        key: keys(mock).full,
        rawBody: '{',
        headers: { 'content-type': 'application/json' },
      })
    ).status === 422,
  'content-type-ignored': async (mock) => {
    const file = await firstFile(mock, mock.ids.allowed);
    const body = JSON.stringify({ description: 'probe' });
    return (
      (
        await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/${file.id}`, {
          method: 'PATCH',
          key: keys(mock).full,
          rawBody: body,
          headers: { 'content-type': 'text/plain' },
        })
      ).status === 200
    );
  },
  'unknown-fields-ignored': async (mock) => {
    const file = await firstFile(mock, mock.ids.allowed);
    return (
      (
        await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/${file.id}`, {
          method: 'PATCH',
          key: keys(mock).full,
          body: { description: 'probe', probeUnknown: 1 },
        })
      ).status === 200
    );
  },
  'unknown-file-403': async (mock) =>
    (
      await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/file_probe_absent`, {
        method: 'PATCH',
        key: keys(mock).full,
        body: { description: 'probe' },
      })
    ).status === 403,
  'body-limit-ignored': async (mock) => {
    const file = await firstFile(mock, mock.ids.allowed);
    const body = { description: 'x'.repeat(1024 * 1024 + 16) };
    return (
      // Read in full, the oversized description fails the schema (422); refused unread, it is 413.
      (await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/${file.id}`, { method: 'PATCH', key: keys(mock).full, body }))
        .status === 422
    );
  },
  'bad-id-404': async (mock) =>
    (await mock.call(`/workspaces/${mock.ids.workspace}/buckets/not%20an%20id!/files`, { key: keys(mock).full })).status === 404,
  'bad-query-defaulted': async (mock) =>
    (await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files?limit=0`, { key: keys(mock).full })).status === 200,
  'path-conflict-overwrites': async (mock) => {
    const file = await firstFile(mock, mock.ids.allowed);
    return (
      (
        await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/presign-upload`, {
          key: keys(mock).full,
          body: { path: file.path, contentType: 'text/plain', size: 1 },
        })
      ).status < 300
    );
  },
  'bad-path-500': async (mock) =>
    (await mock.call(`/workspaces/${mock.ids.workspace}/buckets/not%20an%20id!/files`, { key: keys(mock).full })).status >= 500,
  'bad-query-500': async (mock) =>
    (await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files?limit=0`, { key: keys(mock).full })).status >= 500,
  'key-extra-scope': async (mock) => {
    const file = await firstFile(mock, mock.ids.allowed);
    const body = { fileIds: [file.id] };
    return (
      (await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/trash`, { key: await mock.key(['files:read']), body })).status === 200
    );
  },
  'prefix-matched-anywhere': async (mock) => {
    const listed = (await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files?limit=1000&prefix=2025/`, { key: keys(mock).full })).body
      .data;
    return listed.length > 0 && listed.every((f: any) => f.path.includes('2025/'));
  },
  'prefix-case-insensitive': async (mock) => {
    const file = await firstFile(mock, mock.ids.allowed);
    const folder = file.path.slice(0, file.path.indexOf('/') + 1);
    const url = `${bucketPath(mock, mock.ids.allowed)}/files?limit=1000&prefix=${encodeURIComponent(folder.toUpperCase())}`;
    const listed = (await mock.call(url, { key: keys(mock).full })).body.data;
    return listed.length > 0 && listed.every((f: any) => f.path.startsWith(folder));
  },
  'tag-matched-as-substring': async (mock) => {
    const file = await firstFile(mock, mock.ids.allowed);
    await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/${file.id}`, {
      method: 'PATCH',
      key: keys(mock).full,
      body: { tags: ['probe-tagx'] },
    });
    const listed = (await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files?limit=1000&tag=probe-tag`, { key: keys(mock).full })).body
      .data;
    return listed.length > 0 && listed.every((f: any) => f.tags.some((t: string) => t.includes('probe-tag')));
  },
  'search-spans-buckets': async (mock) => {
    const other = await firstFile(mock, mock.ids.other);
    const url = `${bucketPath(mock, mock.ids.allowed)}/files?limit=500&search=${encodeURIComponent(other.name)}`;
    return ((await mock.call(url, { key: keys(mock).full })).body.data ?? []).some((f: any) => f.bucketId !== mock.ids.allowed);
  },
  'semantic-search-spans-buckets': async (mock) => {
    const other = await firstFile(mock, mock.ids.other);
    const url = `${bucketPath(mock, mock.ids.allowed)}/files?limit=500&semantic=1&search=${encodeURIComponent(other.name)}`;
    return ((await mock.call(url, { key: keys(mock).full })).body.data ?? []).some((f: any) => f.bucketId !== mock.ids.allowed);
  },
  'trash-listing-spans-buckets': async (mock) =>
    (await mock.call(`${bucketPath(mock, mock.ids.allowed)}/trash?limit=500`, { key: keys(mock).full })).body.data.some(
      (entry: any) => entry.bucketId !== mock.ids.allowed,
    ),
  'agent-reads-every-bucket': async (mock) => {
    const other = await firstFile(mock, mock.ids.other);
    const body = { prompt: other.path.replace(/[^a-z0-9]+/gi, ' ') };
    const answer = await mock.call(`${bucketPath(mock, mock.ids.allowed)}/agent`, { key: keys(mock).full, body });
    return (answer.body.citations ?? []).some((c: any) => c.fileId === other.id);
  },
  'trash-update-spans-buckets': async (mock) => {
    const other = await firstFile(mock, mock.ids.other);
    await mock.call(`${bucketPath(mock, mock.ids.other)}/files/trash`, { key: keys(mock).full, body: { fileIds: [other.id] } });
    const answer = await mock.call(`${bucketPath(mock, mock.ids.allowed)}/trash`, {
      method: 'PATCH',
      key: keys(mock).full,
      body: { restore: [other.id] },
    });
    return answer.status === 200;
  },
  'suggestion-filed-in-file-bucket': async (mock) => {
    const other = await firstFile(mock, mock.ids.other);
    const body = { fileId: other.id, kind: 'add_tags', proposal: { tags: ['probe'] } };
    const answer = await mock.call(`${bucketPath(mock, mock.ids.allowed)}/suggestions`, { key: keys(mock).full, body });
    return answer.status === 201 && answer.body.bucketId === mock.ids.other;
  },
  'search-regex-500': async (mock) =>
    (await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files?search=${encodeURIComponent('(')}`, { key: keys(mock).full })).status >=
    500,
  'query-nul-500': async (mock) =>
    (await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files?search=%00`, { key: keys(mock).full })).status >= 500,
  'query-not-utf8-500': async (mock) =>
    (await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files?search=%FF%FE`, { key: keys(mock).full })).status >= 500,
  'semantic-quote-500': async (mock) =>
    (
      await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files?semantic=1&search=${encodeURIComponent("it's")}`, {
        key: keys(mock).full,
      })
    ).status >= 500,
  'upload-listed-size-zero': async (mock) => {
    const offer = await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/presign-upload`, {
      key: keys(mock).full,
      body: { path: 'probe/sized.txt', contentType: 'text/plain', size: 2 },
    });
    await fetch(offer.body.url, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'ok' });
    return (await firstFile(mock, mock.ids.allowed, 'prefix=probe/'))?.size === 0;
  },
  'limit-maximum-ignored': async (mock) =>
    (await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files?limit=5000`, { key: keys(mock).full })).status === 200,
  'head-served-without-key': async (mock) => (await mock.call('/workspaces', { method: 'HEAD' })).status === 200,
  // The listing itself, not a page any unknown path gets (unknown-paths-served).
  'trailing-slash-skips-scope': async (mock) =>
    Array.isArray(
      (await mock.call(`${bucketPath(mock, mock.ids.allowed)}/automations/`, { key: await mock.key(['files:read']) })).body?.data,
    ),
  // Fetch sends no body with a GET: node:http does.
  'method-override-honoured': async (mock) => {
    const path = `${bucketPath(mock, mock.ids.allowed)}/intelligence`;
    const body = JSON.stringify({ instructions: `override probe ${Date.now()}` });
    await rawRequest(mock.server.origin, {
      path: `${new URL(mock.server.baseUrl).pathname}${path}`,
      headers: {
        authorization: `Bearer ${keys(mock).readonly}`,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'x-http-method-override': 'PATCH',
      },
      body,
    });
    return (await mock.call(path, { key: keys(mock).full })).body.instructions === JSON.parse(body).instructions;
  },
  'malformed-auth-500': async (mock) => (await mock.call('/workspaces', { headers: { authorization: 'Bearer' } })).status >= 500,
  ...MORE_PROBES,
  ...VARIANT_PROBES,
  ...BODY_PROBES,
  ...HEADER_PROBES,
  ...QUIET_PROBES,
  ...REQUEST_LINE_PROBES,
};
