import { createHash } from 'node:crypto';
import type { DocumentOverlay, SkippedFile, WorkspaceFile } from '../workspace/types';
import type { IndexData } from './index-data';
import { readForIndex } from './read-batch';

/** A file found unreadable or binary when read, remembered so an unchanged one is not read again. */
export interface Rejected {
  size: number;
  mtimeMs: number;
  skip: SkippedFile;
}

/** The hash the index compares texts by (not a security boundary: only "did this text change"). */
export function textHash(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}

/**
 * Reads one file and puts it into `data` (an open editor's text wins; a text already indexed with
 * the same hash only has its size and mtime updated), or says why it was refused. The one way a
 * file enters an index, on the calling thread or in a build worker.
 */
export function readIntoIndex(
  data: IndexData,
  file: Pick<WorkspaceFile, 'path' | 'absPath' | 'size' | 'mtimeMs'>,
  overlay: DocumentOverlay,
  maxFileBytes: number,
): { bytes: number; rejected?: Rejected } {
  const read = readForIndex(file.absPath, overlay, maxFileBytes);
  if (!read.ok) return { bytes: 0, rejected: { size: file.size, mtimeMs: file.mtimeMs, skip: { path: file.path, reason: read.reason, detail: read.detail } } };
  const hash = textHash(read.text);
  const meta = { size: file.size, mtimeMs: file.mtimeMs, fromEditor: read.fromEditor };
  if (data.file(file.path)?.hash === hash) data.touchFile(file.path, meta);
  else data.putFile(file.path, { ...meta, hash }, read.text);
  return { bytes: read.bytes };
}
