// The book of listTransfers: a GET of a bucket's transfers; the run cannot
// make any, so the bucketIds oracle marks the ids it finds in the other
// bucket. Its valid call sends nothing but the path: it proves its scope by
// being served, is safe to send again and names no file.
import type { OperationBook } from './operation-book.ts';
import { readBook } from './book-parts.ts';

export const listTransfersBook: OperationBook<'listTransfers'> = readBook('listTransfers');
