// The book of listShares: a GET of a bucket's shares; the run cannot make any,
// so the bucketIds oracle marks the ids it finds in the other bucket. Its
// valid call sends nothing but the path: it proves its scope by being served,
// is safe to send again and names no file.
import type { OperationBook } from './operation-book.ts';
import { readBook } from './book-parts.ts';

export const listSharesBook: OperationBook<'listShares'> = readBook('listShares');
