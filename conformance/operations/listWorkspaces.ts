// The book of listWorkspaces: a GET of the workspaces the key can see. Its
// valid call sends nothing but the path: it proves its scope by being served,
// is safe to send again and names no file.
import type { OperationBook } from './operation-book.ts';
import { readBook } from './book-parts.ts';

export const listWorkspacesBook: OperationBook<'listWorkspaces'> = readBook('listWorkspaces');
