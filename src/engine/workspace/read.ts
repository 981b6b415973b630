import { isUtf8 } from 'node:buffer';
import { closeSync, constants, openSync, promises as fs, readSync } from 'node:fs';
import type { DocumentOverlay, SkipReason } from './types';

export type ReadResult =
  | { ok: true; text: string; truncated: boolean; bytes: number; fromEditor: boolean }
  | { ok: false; reason: SkipReason; detail: string };

/** Bytes inspected to decide whether a file is binary (git looks at the first 8000). */
export const SNIFF_BYTES = 8192;

/**
 * True when the block holds a NUL byte or is not valid UTF-8. A multi-byte character cut by the
 * end of the block is not an error: only `complete` blocks are decoded strictly to their end.
 */
export function looksBinary(block: Uint8Array, complete: boolean): boolean {
  if (block.includes(0)) return true;
  let end = block.length;
  if (!complete) {
    // Back off over an incomplete trailing sequence (at most 3 continuation bytes).
    let i = end - 1;
    let back = 0;
    while (i >= 0 && back < 3 && (block[i] & 0xc0) === 0x80) { i--; back++; }
    if (i >= 0 && block[i] >= 0xc0) end = i;
  }
  // Validated in place: a strict decode made a string of every file's first 8 KB only to drop it
  // (a tenth of what a cold index build allocated, and its collections).
  return !isUtf8(block.subarray(0, end));
}

/** Thrown by openRegularFile for a FIFO, socket, device or folder: `code` is 'ENOTREGULAR'. */
export class NotRegularFileError extends Error {
  readonly code = 'ENOTREGULAR';
  constructor(readonly absPath: string) {
    super(`'${absPath}' is not a regular file (a FIFO, socket or device): only regular files are read`);
    this.name = 'NotRegularFileError';
  }
}

/**
 * Opens a file for reading only when it is a regular file. The open itself does not block (a
 * FIFO with no writer would wait forever in a plain open or read); the handle's own stat decides,
 * so a file swapped for a FIFO after a check is refused too.
 */
export async function openRegularFile(absPath: string): Promise<fs.FileHandle> {
  const fh = await fs.open(absPath, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    if ((await fh.stat()).isFile()) return fh;
  } catch (err) {
    await fh.close();
    throw err;
  }
  await fh.close();
  throw new NotRegularFileError(absPath);
}

/** The whole content of a regular file (openRegularFile's check), as bytes. */
export async function readRegularFile(absPath: string): Promise<Buffer> {
  const fh = await openRegularFile(absPath);
  try {
    return await fh.readFile();
  } finally {
    await fh.close();
  }
}

/** Human-readable byte size: `1.2 MB`, `512 B`. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/** Cuts `text` to at most `maxBytes` UTF-8 bytes, ending at a line end when there is one. */
export function cutAtLineEnd(buf: Buffer, maxBytes: number): string {
  let text = buf.subarray(0, maxBytes).toString('utf8');
  if (text.endsWith('\uFFFD')) text = text.slice(0, -1);
  const nl = text.lastIndexOf('\n');
  return nl > 0 ? text.slice(0, nl + 1) : text;
}

/**
 * Reads a workspace file as the assistant sees it: an open editor's text (unsaved edits included)
 * wins over the disk; binary files are refused; files over `maxFileBytes` are cut at a line end
 * and marked truncated rather than dropped.
 */
export async function readWorkspaceText(
  absPath: string,
  opts: { overlay?: DocumentOverlay; maxFileBytes?: number } = {},
): Promise<ReadResult> {
  const max = opts.maxFileBytes ?? Number.POSITIVE_INFINITY;
  const open = opts.overlay?.get(absPath);
  if (open !== undefined) {
    const bytes = Buffer.byteLength(open);
    if (bytes <= max) return { ok: true, text: open, truncated: false, bytes, fromEditor: true };
    return { ok: true, text: cutAtLineEnd(Buffer.from(open), max), truncated: true, bytes, fromEditor: true };
  }
  let buf: Buffer;
  try {
    buf = await readRegularFile(absPath);
  } catch (err) {
    if (err instanceof NotRegularFileError) return { ok: false, reason: 'special-file', detail: err.message };
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    return { ok: false, reason: 'unreadable', detail: `${code}: cannot read the file` };
  }
  const head = buf.subarray(0, SNIFF_BYTES);
  if (looksBinary(head, buf.length <= SNIFF_BYTES)) {
    return { ok: false, reason: 'binary', detail: 'binary content (NUL byte or invalid UTF-8)' };
  }
  if (buf.length <= max) return { ok: true, text: buf.toString('utf8'), truncated: false, bytes: buf.length, fromEditor: false };
  return { ok: true, text: cutAtLineEnd(buf, max), truncated: true, bytes: buf.length, fromEditor: false };
}

/** Whether the first SNIFF_BYTES of a regular file look binary (a NUL byte or invalid UTF-8). */
export async function sniffIsBinary(absPath: string): Promise<boolean> {
  const fh = await openRegularFile(absPath);
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await fh.read(buf, 0, SNIFF_BYTES, 0);
    return looksBinary(buf.subarray(0, bytesRead), bytesRead < SNIFF_BYTES);
  } finally {
    await fh.close();
  }
}

const sniffBuffer = Buffer.alloc(SNIFF_BYTES);

/**
 * sniffIsBinary for a path already stat-ed as a regular file, in three plain system calls: listing
 * a 27 K-file repository opens every file, and the promise round trips cost more than the reads.
 * Opened non-blocking, so a file swapped for a FIFO since the stat reads as empty, never hangs.
 */
export function sniffRegularFileIsBinary(absPath: string): boolean {
  const fd = openSync(absPath, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const n = readSync(fd, sniffBuffer, 0, SNIFF_BYTES, 0);
    return looksBinary(sniffBuffer.subarray(0, n), n < SNIFF_BYTES);
  } finally {
    closeSync(fd);
  }
}
