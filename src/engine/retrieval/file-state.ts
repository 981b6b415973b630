import { sha1Base64 } from '../text/sha1';
import type { DocumentOverlay, SkippedFile, WorkspaceFile } from '../workspace/types';
import type { IndexData } from './index-data';
import type { AheadRead } from './read-ahead';
import { readBytesForIndex } from './read-batch';

/** A file found unreadable or binary when read, remembered so an unchanged one is not read again. */
export interface Rejected {
  size: number;
  mtimeMs: number;
  skip: SkippedFile;
}

/** The hash the index compares texts by (not a security boundary: only "did this text change"). */
export function textHash(text: string | Uint8Array): string {
  return sha1Base64(text);
}

/**
 * Reads one file and puts it into `data` (an open editor's text wins; a text already indexed with
 * the same hash only has its size and mtime updated), or says why it was refused. The one way a
 * file enters an index, on the calling thread or in a build worker. `ahead`: its bytes and their
 * hash, when already read ahead.
 */
export function readIntoIndex(
  data: IndexData,
  file: Pick<WorkspaceFile, 'path' | 'absPath' | 'size' | 'mtimeMs'>,
  overlay: DocumentOverlay,
  maxFileBytes: number,
  ahead?: AheadRead,
): { bytes: number; rejected?: Rejected } {
  const read = readBytesForIndex(file.absPath, overlay, maxFileBytes, ahead?.data);
  if (!read.ok) return { bytes: 0, rejected: { size: file.size, mtimeMs: file.mtimeMs, skip: { path: file.path, reason: read.reason, detail: read.detail } } };
  // The bytes hash as the text would: an editor's string is hashed by its UTF-8 bytes too.
  // The worker's hash is of the bytes read: the text indexed unless an editor's text or the size limit replaced them.
  const hash = (read.data === ahead?.data && ahead.hash) || textHash(read.data);
  const meta = { size: file.size, mtimeMs: file.mtimeMs, fromEditor: read.fromEditor };
  if (data.file(file.path)?.hash === hash) data.touchFile(file.path, meta);
  else data.putFile(file.path, { ...meta, hash }, read.data);
  return { bytes: read.bytes };
}

/**
 * Whether some file of `data` or of `rejected` is missing from `files` (a listing sorted by path,
 * as discovery gives it): counted with the lookups a refresh makes anyway, without a set of every
 * listed path (tens of thousands, at every question of a one-shot process).
 */
export function anyUnlisted(files: readonly WorkspaceFile[], data: IndexData, rejected: ReadonlyMap<string, Rejected>): boolean {
  let indexed = 0;
  let refused = 0;
  for (let i = 0; i < files.length; i++) {
    const rel = files[i].path;
    // A path listed twice would be counted twice: the caller compares the sets instead.
    if (i > 0 && files[i - 1].path === rel) return true;
    if (data.file(rel)) indexed++;
    else if (rejected.has(rel)) refused++;
  }
  return indexed !== data.fileCount || refused !== rejected.size;
}
