// The book of getIntelligence: a GET of a bucket's intelligence settings;
// updateIntelligence's read-back. Its valid call sends nothing but the path:
// it proves its scope by being served, is safe to send again and names no
// file.
import type { OperationBook } from './operation-book.ts';
import { readBook } from './book-parts.ts';

export const getIntelligenceBook: OperationBook<'getIntelligence'> = readBook('getIntelligence');
