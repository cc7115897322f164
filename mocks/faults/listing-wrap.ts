// What the planted faults of GET .../files share: the listing handler wrapped,
// a context without some query values, and a successful listing's files rewritten.
import type { HandlerContext } from '../core/handler-context.ts';
import type { MockComponents } from '../core/components.ts';
import type { MockResponse } from '../core/types.ts';
import { jsonOf, withJson, wrapHandler } from './plant.ts';

export type ListCtx = HandlerContext<'listFiles'>;
export type Listing = (ctx: ListCtx) => MockResponse | Promise<MockResponse>;

/** A file as the listing's JSON shows it. */
export interface ListedFile {
  path: string;
  description: string | null;
  tags: string[];
  score?: number;
}

/** The listing handler wrapped by `wrap`. */
export const listing = (wrap: (inner: Listing, ctx: ListCtx) => MockResponse | Promise<MockResponse>) => (c: MockComponents) =>
  wrapHandler(c, 'listFiles', (inner) => (ctx) => wrap(inner, ctx));

/** The context without some query values, as if the client had not sent them. */
export function without(ctx: ListCtx, ...names: string[]): ListCtx {
  return { ...ctx, params: Object.fromEntries(Object.entries(ctx.params).filter(([name]) => !names.includes(name))) };
}

/** Rewrites the files of a successful listing. */
export async function mapFiles(
  answer: MockResponse | Promise<MockResponse>,
  change: (files: ListedFile[]) => ListedFile[],
): Promise<MockResponse> {
  const response = await answer;
  const body = jsonOf(response) as { data: ListedFile[]; nextCursor: string | null } | undefined;
  return response.status === 200 && body ? withJson(response, { ...body, data: change(body.data) }) : response;
}

export const byPath = (a: ListedFile, b: ListedFile) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
