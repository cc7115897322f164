// Request bodies a hostile client sends: near the 1 MiB limit, full of ids or
// bad values, with lone surrogates and control characters in paths. Each is
// refused with a precise error; how long that takes is the bench's stall row.
import { describe, expect, it } from 'vitest';
import { loadRouteTable, loadSchemaValidator } from '../contract/load-spec.ts';
import { MAX_FIELD_ERRORS, createSchemaValidator } from '../contract/schema-validator.ts';
import type { ApiDocument } from '../contract/spec-refs.ts';

const routes = loadRouteTable();
const validator = loadSchemaValidator();
const route = (id: string) => routes.find((r) => r.operationId === id)!;
const MiB = 1024 * 1024;

/** A JSON array text of items made by `make`, just under 1 MiB. */
function nearlyOneMiB(make: (i: number) => string): { text: string; count: number } {
  const items: string[] = [];
  let length = 20;
  while (length < MiB - 64) {
    const item = make(items.length);
    items.push(item);
    length += item.length + 1;
  }
  return { text: `[${items.join(',')}]`, count: items.length };
}

describe('bodies near the 1 MiB limit', () => {
  const cases = {
    'distinct ids': (i: number) => `"file_${i.toString(16).padStart(8, '0')}"`,
    'one id repeated': () => '"file_1"',
    numbers: () => '1',
    objects: (i: number) => `{"k":${i}}`,
    'nested arrays': () => '[[]]',
  };
  it.each(Object.entries(cases))(
    "a trash request of 1 MiB of %s is refused, naming fileIds (its cost is the bench's stall row)",
    (_, make) => {
      const { text, count } = nearlyOneMiB(make);
      expect(count).toBeGreaterThan(60_000);
      const body = { fileIds: JSON.parse(text) };
      const result = validator.validateRequestBody(route('trashFiles'), body, text.length + 14);
      expect(result.length).toBeGreaterThan(0);
      expect(result[0]).toMatchObject({ location: 'body', field: '/fileIds' });
    },
  );

  it("an object of 1 MiB of unknown fields is refused when its size is given (its cost is the bench's stall row)", () => {
    const text = `{${nearlyOneMiB((i) => `"k${i}":1`).text.slice(1, -1)}}`;
    const body = JSON.parse(text);
    const result = validator.validateRequestBody(route('trashFiles'), body, text.length);
    expect(result.length).toBe(1);
  });

  it("a move whose prefix is a 1 MiB string is refused, naming the prefix (its cost is the bench's stall row)", () => {
    const body = { fileIds: ['file_1'], destination: { prefix: 'a/'.repeat(MiB / 2 - 16) } };
    const result = validator.validateRequestBody(route('moveFiles'), body, MiB);
    expect(result.map((e) => e.field)).toEqual(['/destination/prefix']);
  });
});

describe('uniqueItems', () => {
  it('finds a duplicate among the maximum 100 ids and says which items', () => {
    const ids = Array.from({ length: 100 }, (_, i) => `file_${i}`);
    ids[99] = 'file_3';
    const errors = validator.validateRequestBody(route('trashFiles'), { fileIds: ids });
    expect(errors).toEqual([
      { location: 'body', field: '/fileIds', message: 'must NOT have duplicate items (items ## 3 and 99 are identical)' },
    ]);
  });

  it('accepts 100 distinct ids and refuses 101', () => {
    const ids = Array.from({ length: 101 }, (_, i) => `file_${i}`);
    expect(validator.validateRequestBody(route('trashFiles'), { fileIds: ids.slice(0, 100) })).toEqual([]);
    expect(validator.validateRequestBody(route('trashFiles'), { fileIds: ids })).toEqual([
      { location: 'body', field: '/fileIds', message: 'must NOT have more than 100 items' },
    ]);
  });

  it('treats JSON-equal values as equal, whatever the key order, and values of other types as different', () => {
    const tiny = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: { schemas: { Items: { type: 'array', uniqueItems: true } } },
    };
    const check = (value: unknown[]) => createSchemaValidator(tiny as ApiDocument, []).validateRef('#/components/schemas/Items', value);
    expect(
      check([
        { a: 1, b: [1, { c: 2, d: 3 }] },
        { b: [1, { d: 3, c: 2 }], a: 1 },
      ])[0].message,
    ).toContain('duplicate');
    expect(check([1, '1', true, 'true', null, 'null', [1], '[1]', {}, '{}'])).toEqual([]);
    expect(
      check([
        [1, 2],
        [2, 1],
      ]),
    ).toEqual([]);
    expect(validator.validateRef('#/components/schemas/FileUpdate', { tags: ['a', 'b', 'a'] })[0].message).toContain('duplicate');
  });
});

describe('error lists', () => {
  it(`name at most ${MAX_FIELD_ERRORS} fields, and every field of a small body`, () => {
    const many = validator.validateRef('#/components/schemas/FileList', {
      data: Array.from({ length: 300 }, () => ({})),
      nextCursor: null,
    });
    expect(many).toHaveLength(MAX_FIELD_ERRORS);
    const small = validator.validateRequestBody(route('presignUpload'), { path: 'a/\u0085', size: 'big', colour: 1 });
    expect(small.map((e) => e.field).sort()).toEqual(['/colour', '/contentType', '/path', '/size']);
  });
});

describe('file paths and folder prefixes (G23)', () => {
  const upload = (path: string) => validator.validateRequestBody(route('presignUpload'), { path, contentType: 'text/plain', size: 1 });
  const move = (prefix: string) => validator.validateRequestBody(route('moveFiles'), { fileIds: ['file_1'], destination: { prefix } });

  it.each([
    ['a lone high surrogate', 'docs/\ud800.txt'],
    ['a lone low surrogate', 'docs/\udc00.txt'],
    ['a high surrogate at the end', 'docs/a\ud83d'],
    ['DEL', 'docs/a\u007f.txt'],
    ['a C1 control character', 'docs/a\u0085.txt'],
    ['the last C1 control character', 'docs/a\u009f.txt'],
    ['a NUL', 'docs/a\u0000.txt'],
    ['a .. segment after a line separator', 'x\u2028/../etc/passwd'],
    ['a // after a paragraph separator', 'x\u2029//y.txt'],
  ])('a path with %s is refused', (_, path) => {
    expect(upload(path).map((e) => e.field)).toEqual(['/path']);
  });

  it.each([
    ['an emoji', 'photos/😀 party.jpg'],
    ['CJK', '報告/資料.pdf'],
    ['a no-break space', 'a\u00a0b.txt'],
    ['accents', 'Café/crème brûlée.md'],
  ])('a path with %s is accepted', (_, path) => {
    expect(upload(path)).toEqual([]);
  });

  it('folder prefixes follow the same character rules', () => {
    expect(move('archive/😀/')).toEqual([]);
    expect(move('')).toEqual([]);
    for (const bad of ['\ud800/', 'a\u007f/', 'a\u0090/', 'x\u2028/../'])
      expect(
        move(bad).map((e) => e.field),
        JSON.stringify(bad),
      ).toEqual(['/destination/prefix']);
  });
});
