import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { looksBinary, SNIFF_BYTES, type ReadResult } from '../workspace/read';
import type { DocumentOverlay } from '../workspace/types';

const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** Cuts text to at most `max` UTF-8 bytes at a line end, as the asynchronous reader does. */
function cut(buf: Buffer, max: number): string {
  let text = buf.subarray(0, max).toString('utf8');
  if (text.endsWith('\uFFFD')) text = text.slice(0, -1);
  const nl = text.lastIndexOf('\n');
  return nl > 0 ? text.slice(0, nl + 1) : text;
}

/**
 * Reads a file for indexing synchronously, under the same rules as `readWorkspaceText` (the open
 * editor's text wins; binaries refused; cut at `maxFileBytes`). Indexing reads tens of thousands of
 * small files: without a promise and a thread-pool round trip for each open, stat, read and close,
 * that costs a fraction. Only regular files are read (the open does not block on a FIFO; the
 * handle's own stat decides).
 */
export function readForIndex(absPath: string, overlay: DocumentOverlay, maxFileBytes: number): ReadResult {
  const open = overlay.get(absPath);
  if (open !== undefined) {
    const bytes = Buffer.byteLength(open);
    return bytes <= maxFileBytes
      ? { ok: true, text: open, truncated: false, bytes, fromEditor: true }
      : { ok: true, text: cut(Buffer.from(open), maxFileBytes), truncated: true, bytes, fromEditor: true };
  }
  let buf: Buffer;
  let fd: number | undefined;
  try {
    fd = openSync(absPath, OPEN_FLAGS);
    const st = fstatSync(fd);
    if (!st.isFile()) return { ok: false, reason: 'unreadable', detail: 'not a regular file' };
    buf = Buffer.allocUnsafe(st.size);
    let got = 0;
    while (got < st.size) {
      const n = readSync(fd, buf, got, st.size - got, got);
      if (n === 0) break;
      got += n;
    }
    buf = buf.subarray(0, got);
  } catch (err) {
    return { ok: false, reason: 'unreadable', detail: `${(err as NodeJS.ErrnoException).code ?? 'error'}: cannot read the file` };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  if (looksBinary(buf.subarray(0, SNIFF_BYTES), buf.length <= SNIFF_BYTES))
    return { ok: false, reason: 'binary', detail: 'binary content (NUL byte or invalid UTF-8)' };
  if (buf.length <= maxFileBytes) return { ok: true, text: buf.toString('utf8'), truncated: false, bytes: buf.length, fromEditor: false };
  return { ok: true, text: cut(buf, maxFileBytes), truncated: true, bytes: buf.length, fromEditor: false };
}
