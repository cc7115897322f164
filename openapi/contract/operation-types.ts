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
