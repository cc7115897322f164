// The book of listSuggestions: a GET of a bucket's suggestions;
// createSuggestion's read-back. Its valid call sends nothing but the path: it
// proves its scope by being served, is safe to send again and names no file.
import type { OperationBook } from './operation-book.ts';
import { readBook } from './book-parts.ts';

export const listSuggestionsBook: OperationBook<'listSuggestions'> = readBook('listSuggestions');
