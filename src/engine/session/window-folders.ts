import type { ChunkSource } from '../retrieval/chunk-source';
import { FoldersSource } from '../retrieval/folders-source';
import { foldersHost } from '../tools/folders-host';
import type { WorkspaceHost } from '../tools/host';

/** What a question needs of another folder's engine session (a WorkspaceSession). */
export interface FolderSession {
  readonly root: string;
  chunkSource(): ChunkSource;
  host(): WorkspaceHost;
}

/** One folder of a window with several: its name (as in `@name/path`) and its engine session. */
export interface WindowFolder {
  name: string;
  session: FolderSession;
}

/**
 * Where a question asked from `self` gets ranked chunks in a window of several folders: every
 * folder's own source (its index, settings and server), merged, `self` a little preferred; paths
 * written `name/rel`. Undefined in a window of one folder.
 */
export function windowSource(folders: WindowFolder[], self: FolderSession): FoldersSource | undefined {
  if (folders.length < 2) return undefined;
  const own = folders.find((f) => f.session === self)?.name;
  return new FoldersSource(folders.map((f) => ({ name: f.name, root: f.session.root, source: f.session.chunkSource() })), own);
}

/** What the read-only tools see in that window: every folder by its `name/rel` paths, `own` (self's host) for other paths. */
export function windowHost(folders: WindowFolder[], self: FolderSession, own: WorkspaceHost): WorkspaceHost {
  if (folders.length < 2) return own;
  return foldersHost(folders.map((f) => ({ name: f.name, host: f.session === self ? own : f.session.host() })), own);
}
