// The book of listFiles: a GET of the files of a bucket; the harness reads it
// back after most writes. Its valid call sends nothing but the path: it proves
// its scope by being served, is safe to send again and names no file.
import type { OperationBook } from './operation-book.ts';
import { readBook } from './book-parts.ts';

export const listFilesBook: OperationBook<'listFiles'> = readBook('listFiles');
