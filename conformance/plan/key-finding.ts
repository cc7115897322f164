// What a KEY check records where its key did not behave as declared, so the
// failures of other checks that used the key there can say the config may be at fault.

/**
 * Where a key did not behave as its config declares, as its KEY check saw it: on a route needing `scope`, in a
 * bucket. `about` says which declaration broke: the scope (served though undeclared, refused though declared) or
 * the bucketIds (served in a bucket they leave out, refused in one they include).
 */
export interface KeyFinding {
  /** The key, by config name. */
  key: string;
  about: 'scope' | 'bucket';
  /** The operation the KEY check sent, and the scope it needs (the config's overrides.scopes applied). */
  operationId: string;
  scope: string;
  /** The bucket (id) the call went to. */
  bucketId: string;
  /** What the declaration called for; the deployment did the other. */
  expected: 'served' | 'refused';
}
