// The book of listBuckets: a GET of the buckets of the workspace. Its valid
// call sends nothing but the path: it proves its scope by being served, is
// safe to send again and names no file.
import type { OperationBook } from './operation-book.ts';
import { readBook } from './book-parts.ts';

export const listBucketsBook: OperationBook<'listBuckets'> = readBook('listBuckets');
