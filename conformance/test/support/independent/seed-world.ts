// The world a new server starts with: a workspace with three buckets (the
// suite's allowed and other bucket among them) holding files, shares and
// transfers, and a second workspace with one bucket, so that a bucket named
// under the wrong workspace has somewhere to come from.
import { addFile, stamp } from './file-ops.ts';
import type { Item, World } from './world.ts';

const FOLDERS = ['reports', 'contracts/2024', 'images', 'notes'];
const TAGS = ['finance', 'legal', 'draft', 'q1', 'archive'];
/** Files each seeded bucket holds: more than a page, so listings span pages. */
const FILES_PER_BUCKET = 24;

/** The seeded ids the suite's config names. */
export interface Seeded {
  workspaceId: string;
  buckets: { allowed: string; other: string };
}

function seedBucket(world: World, workspaceId: string, name: string): string {
  const id = world.newId('bucket');
  world.buckets.set(id, { id, workspaceId, name, description: `${name} documents`, createdAt: stamp() });
  world.intelligence.set(id, { bucketId: id, enabled: true, instructions: null, updatedAt: stamp() });
  for (let i = 0; i < FILES_PER_BUCKET; i++) {
    const path = `${FOLDERS[i % FOLDERS.length]}/${name.toLowerCase()}-${String(i).padStart(2, '0')}.txt`;
    addFile(world, {
      workspaceId,
      bucketId: id,
      path,
      contentType: 'text/plain',
      bytes: Buffer.from(`${name} file ${i}\n`),
      tags: [TAGS[i % TAGS.length]],
      description: i % 3 === 0 ? `Seeded ${name} file number ${i}` : null,
    });
  }
  for (let i = 0; i < 2; i++) seedShareAndTransfer(world, id, i);
  return id;
}

function seedShareAndTransfer(world: World, bucketId: string, i: number): void {
  const files = world.files.current().filter((f) => f.bucketId === bucketId);
  const share: Item = {
    id: world.newId('share'),
    seq: world.nextSeq(),
    bucketId,
    fileId: i === 0 ? files[0].id : null,
    url: `https://share.example.com/s/${bucketId}-${i}`,
    access: i === 0 ? 'view' : 'download',
    expiresAt: null,
    createdAt: stamp(),
  };
  world.shares.set(share.id, share);
  const transfer: Item = {
    id: world.newId('transfer'),
    seq: world.nextSeq(),
    bucketId,
    direction: i === 0 ? 'import' : 'export',
    status: 'succeeded',
    source: `https://source.example.com/${i}`,
    destination: `https://destination.example.com/${i}`,
    fileCount: 3,
    bytesTotal: 300,
    bytesTransferred: 300,
    createdAt: stamp(),
    updatedAt: stamp(),
  };
  world.transfers.set(transfer.id, transfer);
}

/** Fills a new world; returns the ids the suite tests. */
export function seedWorld(world: World): Seeded {
  const workspaceId = world.newId('workspace');
  world.workspaces.set(workspaceId, { id: workspaceId, name: 'Acme', plan: 'team', createdAt: stamp() });
  const allowed = seedBucket(world, workspaceId, 'Contracts');
  const other = seedBucket(world, workspaceId, 'Archive');
  seedBucket(world, workspaceId, 'Scratch');
  const second = world.newId('workspace');
  world.workspaces.set(second, { id: second, name: 'Globex', plan: 'free', createdAt: stamp() });
  seedBucket(world, second, 'Imports');
  return { workspaceId, buckets: { allowed, other } };
}
