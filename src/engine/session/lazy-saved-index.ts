import type { ChunkSource, RefreshOptions } from '../retrieval/chunk-source';
import type { WorkspaceIndex } from '../retrieval/index';

/** The saved index as a chunk source that is read from disk only when a question is built with it. */
export interface LazySavedIndex extends ChunkSource {
  /** The index, once opened (to save it back when it changed); undefined when no question needed it. */
  opened(): WorkspaceIndex | undefined;
}

/**
 * Opens the saved index through `open` on first use, or at once when `eager` (its file listing
 * then overlaps whatever the question does first, as the CLI always did). A failure to open
 * surfaces where the index is used, as it would have from `open` itself.
 */
export function lazySavedIndex(open: () => Promise<{ index: WorkspaceIndex }>, eager: boolean): LazySavedIndex {
  let opening: Promise<{ index: WorkspaceIndex }> | undefined;
  let index: WorkspaceIndex | undefined;
  const start = () => {
    opening = open();
    // Awaited later, by the question: not an unhandled rejection in between.
    opening.catch(() => undefined);
    return opening;
  };
  if (eager) start();
  const get = async (): Promise<WorkspaceIndex> => (index = (await (opening ?? start())).index);
  return {
    refresh: async (opts?: RefreshOptions) => (await get()).refresh(opts),
    search: async (terms, limit, opts) => (await get()).search(terms, limit, opts),
    refreshAndSearch: async (terms, limit, opts, refresh) => (await get()).refreshAndSearch(terms, limit, opts, refresh),
    get fileCount() {
      return index?.fileCount ?? 0;
    },
    get skipped() {
      return index?.skipped ?? [];
    },
    get indexing() {
      return index?.indexing;
    },
    opened: () => index,
  };
}
