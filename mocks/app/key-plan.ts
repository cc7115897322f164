// The kit's one key plan: the keys every mock of the kit holds, by name (the HTTP mock's banner, MSW's presetKeys,
// the suite's embedded mock), so a test written against one mock finds the same keys on the other.

/** A key of the plan: its name, scopes and bucket restriction (null: every bucket). */
export interface PlannedKey {
  name: string;
  scopes: string[];
  bucketIds: string[] | null;
}

/** The plan's key names; one `only-<scope>` key per scope of the spec (`only-files-read` holds files:read alone). */
export type KitKeyName = 'full' | 'readonly' | 'restricted' | `only-${string}`;

/** The name of the key holding `scope` alone: `only-files-read` for files:read (a name every config accepts). */
export function onlyKeyName(scope: string): `only-${string}` {
  return `only-${scope.replace(/[^a-z0-9]+/gi, '-')}`;
}

/**
 * The plan: `full` (every scope, every bucket), `readonly` (the `:read` scopes, every bucket), `restricted` (every
 * scope, `restrictedBucket` only; no bucket at all without one) and `only-<scope>` for each scope.
 */
export function keyPlan(scopes: readonly string[], restrictedBucket: string | undefined): PlannedKey[] {
  return [
    { name: 'full', scopes: [...scopes], bucketIds: null },
    { name: 'readonly', scopes: scopes.filter((s) => s.endsWith(':read')), bucketIds: null },
    { name: 'restricted', scopes: [...scopes], bucketIds: restrictedBucket === undefined ? [] : [restrictedBucket] },
    ...scopes.map((scope) => ({ name: onlyKeyName(scope), scopes: [scope], bucketIds: null })),
  ];
}

/** A workspace with its buckets' ids, in the world's order. */
export interface PlanWorkspace {
  id: string;
  buckets: readonly string[];
}

/**
 * The workspace and buckets a run against the mock uses: the first workspace holding two buckets, its first bucket
 * the one `restricted` reaches and its second the one it must not. Undefined when no workspace holds two.
 */
export function planBuckets(workspaces: readonly PlanWorkspace[]): { workspaceId: string; allowed: string; other: string } | undefined {
  const workspace = workspaces.find((w) => w.buckets.length >= 2);
  return workspace && { workspaceId: workspace.id, allowed: workspace.buckets[0], other: workspace.buckets[1] };
}

/** The bucket `restricted` reaches: planBuckets' allowed one, else the world's first bucket, else none. */
export function restrictedBucketOf(workspaces: readonly PlanWorkspace[]): string | undefined {
  return planBuckets(workspaces)?.allowed ?? workspaces.find((w) => w.buckets.length > 0)?.buckets[0];
}
