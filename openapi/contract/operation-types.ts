// The spec's operations as types, generated from the spec (openapi/dist/api-types.ts):
// an operation id and the JSON request body it takes. Tables keyed by them make a
// renamed or removed operation a type error wherever it is named.
import type { operations } from '../dist/api-types.ts';

/** An operationId of the spec. */
export type OperationId = keyof operations;

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON request body an operation takes: required (`B`), optional (`B | undefined`) or none (`undefined`). */
export type RequestBody<K extends OperationId> = operations[K] extends { requestBody: infer R }
  ? JsonOf<R>
  : [NonNullable<operations[K]['requestBody']>] extends [never]
    ? undefined
    : JsonOf<NonNullable<operations[K]['requestBody']>> | undefined;

type Responses<K extends OperationId> = operations[K]['responses'];

/** The statuses an operation documents in its `responses`. */
export type DocumentedStatus<K extends OperationId> = Extract<keyof Responses<K>, number>;

/** The success statuses an operation documents (200, 201, 202 or 204). */
export type SuccessStatus<K extends OperationId> = Extract<DocumentedStatus<K>, 200 | 201 | 202 | 204>;

type BodyOf<R> = R extends { content: infer C } ? (C extends Record<string, infer B> ? B : never) : never;

/** The body an operation documents for a status (JSON or problem+json); `unknown` for a status it does not document. */
export type ResponseBody<K extends OperationId, S extends number> = S extends DocumentedStatus<K> ? BodyOf<Responses<K>[S]> : unknown;

/** An operation's path parameters by name (`never` for an operation without any). */
export type PathParameters<K extends OperationId> = NonNullable<operations[K]['parameters']['path']>;

/** An operation's query parameters by name (`never` for an operation without any). */
export type QueryParameters<K extends OperationId> = NonNullable<operations[K]['parameters']['query']>;
