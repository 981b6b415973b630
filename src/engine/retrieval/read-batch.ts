import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { cutAtLineEnd, looksBinary, SNIFF_BYTES, type ReadResult } from '../workspace/read';
import { emptyOverlay, type DocumentOverlay, type SkipReason } from '../workspace/types';

const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** A file as indexing takes it: the UTF-8 bytes of the text indexed (cut at the size limit). */
export type IndexRead =
  | { ok: true; data: Buffer; truncated: boolean; bytes: number; fromEditor: boolean }
  | { ok: false; reason: SkipReason; detail: string };

/** What reading a file from disk gave: its bytes, or why there are none. */
export type DiskRead = Buffer | { ok: false; reason: SkipReason; detail: string };

const NOT_REGULAR: Exclude<DiskRead, Buffer> = Object.freeze({ ok: false, reason: 'unreadable', detail: 'not a regular file' });

/** Reads up to `size` bytes of the open file `fd` into `into` at `at`; how many there were (a file cut short since its stat gives fewer). */
function readWhole(fd: number, into: Uint8Array, at: number, size: number): number {
  let got = 0;
  while (got < size) {
    const n = readSync(fd, into, at + got, size - got, got);
    if (n === 0) break;
    got += n;
  }
  return got;
}

/** Why a file has no bytes: what the read failed with. */
const unreadable = (err: unknown): Exclude<DiskRead, Buffer> => ({
  ok: false,
  reason: 'unreadable',
  detail: `${(err as NodeJS.ErrnoException).code ?? 'error'}: cannot read the file`,
});

/**
 * Reads a regular file whole, synchronously. Indexing reads tens of thousands of small files:
 * without a promise and a thread-pool round trip for each open, stat, read and close, that costs a
 * fraction. Only regular files are read (the open does not block on a FIFO; the handle's own stat
 * decides).
 */
export function readDisk(absPath: string): DiskRead {
  let fd: number | undefined;
  try {
    fd = openSync(absPath, OPEN_FLAGS);
    const st = fstatSync(fd);
    if (!st.isFile()) return NOT_REGULAR;
    const buf = Buffer.allocUnsafe(st.size);
    return buf.subarray(0, readWhole(fd, buf, 0, st.size));
  } catch (err) {
    return unreadable(err);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A file of a batch: its range `[start, length]` of the batch's bytes, or why there are none. */
export type BatchRead = readonly [number, number] | Exclude<DiskRead, Buffer>;

/**
 * Reads several regular files as `readDisk` reads each, into one new buffer: one allocation for a
 * batch rather than one per file, so the read worker hands a batch over in one transfer and the
 * indexing thread meets a handful of buffers instead of tens of thousands.
 */
export function readDiskBatch(paths: string[]): { bytes: Uint8Array; reads: BatchRead[] } {
  const open: { fd: number; size: number; i: number }[] = [];
  const reads: BatchRead[] = [];
  try {
    paths.forEach((p, i) => {
      let fd: number;
      try {
        fd = openSync(p, OPEN_FLAGS);
      } catch (err) {
        reads[i] = unreadable(err);
        return;
      }
      try {
        const st = fstatSync(fd);
        if (st.isFile()) open.push({ fd, size: st.size, i });
        else {
          reads[i] = NOT_REGULAR;
          closeSync(fd);
        }
      } catch (err) {
        reads[i] = unreadable(err);
        closeSync(fd);
      }
    });
    // Its own ArrayBuffer (not a slice of Node's pool): it is handed to another thread.
    const bytes = Buffer.allocUnsafeSlow(open.reduce((sum, f) => sum + f.size, 0));
    let at = 0;
    for (const { fd, size, i } of open) {
      try {
        reads[i] = [at, readWhole(fd, bytes, at, size)];
      } catch (err) {
        reads[i] = unreadable(err);
      }
      at += size;
    }
    return { bytes, reads };
  } finally {
    for (const { fd } of open) closeSync(fd);
  }
}

/**
 * Reads a file for indexing, under the same rules as `readWorkspaceText` (the open editor's text
 * wins; binaries refused; cut at `maxFileBytes`), as bytes: indexing hashes and tokenizes them
 * without decoding the text. `fromDisk` is the file's content when it was already read (read ahead
 * by another thread).
 */
export function readBytesForIndex(absPath: string, overlay: DocumentOverlay, maxFileBytes: number, fromDisk?: DiskRead): IndexRead {
  const open = overlay.get(absPath);
  if (open !== undefined) {
    const data = Buffer.from(open);
    return data.length <= maxFileBytes
      ? { ok: true, data, truncated: false, bytes: data.length, fromEditor: true }
      : { ok: true, data: Buffer.from(cutAtLineEnd(data, maxFileBytes)), truncated: true, bytes: data.length, fromEditor: true };
  }
  const buf = fromDisk ?? readDisk(absPath);
  if (!Buffer.isBuffer(buf)) return buf;
  if (looksBinary(buf.subarray(0, SNIFF_BYTES), buf.length <= SNIFF_BYTES))
    return { ok: false, reason: 'binary', detail: 'binary content (NUL byte or invalid UTF-8)' };
  if (buf.length <= maxFileBytes) return { ok: true, data: buf, truncated: false, bytes: buf.length, fromEditor: false };
  return { ok: true, data: Buffer.from(cutAtLineEnd(buf, maxFileBytes)), truncated: true, bytes: buf.length, fromEditor: false };
}

/** `readBytesForIndex` as text, for the readers that want a string (context building, phrase checks). */
export function readForIndex(absPath: string, overlay: DocumentOverlay, maxFileBytes: number): ReadResult {
  const open = overlay.get(absPath);
  if (open !== undefined) {
    const bytes = Buffer.byteLength(open);
    return bytes <= maxFileBytes
      ? { ok: true, text: open, truncated: false, bytes, fromEditor: true }
      : { ok: true, text: cutAtLineEnd(Buffer.from(open), maxFileBytes), truncated: true, bytes, fromEditor: true };
  }
  const read = readBytesForIndex(absPath, emptyOverlay, maxFileBytes);
  if (!read.ok) return read;
  return { ok: true, text: read.data.toString('utf8'), truncated: read.truncated, bytes: read.bytes, fromEditor: false };
}
