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

/**
 * Reads a regular file whole, synchronously. Indexing reads tens of thousands of small files:
 * without a promise and a thread-pool round trip for each open, stat, read and close, that costs a
 * fraction. Only regular files are read (the open does not block on a FIFO; the handle's own stat
 * decides). `ownBuffer`: the bytes get an ArrayBuffer of their own, to be transferred.
 */
export function readDisk(absPath: string, ownBuffer = false): DiskRead {
  let fd: number | undefined;
  try {
    fd = openSync(absPath, OPEN_FLAGS);
    const st = fstatSync(fd);
    if (!st.isFile()) return { ok: false, reason: 'unreadable', detail: 'not a regular file' };
    // A buffer of its own (not a slice of Node's pool) when it is to be handed to another thread.
    const buf = ownBuffer ? Buffer.allocUnsafeSlow(st.size) : Buffer.allocUnsafe(st.size);
    let got = 0;
    while (got < st.size) {
      const n = readSync(fd, buf, got, st.size - got, got);
      if (n === 0) break;
      got += n;
    }
    return buf.subarray(0, got);
  } catch (err) {
    return { ok: false, reason: 'unreadable', detail: `${(err as NodeJS.ErrnoException).code ?? 'error'}: cannot read the file` };
  } finally {
    if (fd !== undefined) closeSync(fd);
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
