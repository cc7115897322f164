// The book of getTrash: a GET of a bucket's trash; what the foreign purge case
// reads back. Its valid call sends nothing but the path: it proves its scope
// by being served, is safe to send again and names no file.
import type { OperationBook } from './operation-book.ts';
import { readBook } from './book-parts.ts';

export const getTrashBook: OperationBook<'getTrash'> = readBook('getTrash');
