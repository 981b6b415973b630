import { closeSync, openSync, readSync } from 'node:fs';
import zlib from 'node:zlib';
import type { KnownContent } from '../workspace/types';
import type { FileRecord, PackedIndex } from './index-data';
import type { Rejected } from './file-state';

/**
 * The on-disk index format. Bump the version whenever the layout or the tokenizer changes: a file
 * of another version is rebuilt, never read.
 */
export const INDEX_FORMAT_VERSION = 1;
const MAGIC = 'GRNDIDX\0';
/** magic (8), version, header bytes, crc32 of everything after these 16 bytes. */
const PREAMBLE = 20;

/** What a saved index holds besides its data: when and from what it was saved. */
export interface SavedIndex {
  data: PackedIndex;
  rejected: [string, Rejected][];
  savedAt: number;
}

interface Header {
  savedAt: number;
  files: [string, FileRecord][];
  rejected: [string, Rejected][];
  chunkCount: number;
  tokenCount: number;
  postingWords: number;
  tokenBytes: number;
  pathBytes: number;
}

/** Why a saved index was not used. */
export class IndexFileError extends Error {}

const pad4 = (n: number) => (n + 3) & ~3;


/**
 * Encodes an index as the parts of its file, in order: preamble, JSON header, then 4-byte-aligned
 * typed arrays and strings. The arrays are views of the index's own memory, not copies, so saving
 * a large index does not hold it twice (write the parts one after the other).
 */
export function encodeIndexParts(saved: SavedIndex): Uint8Array[] {
  const { data } = saved;
  const tokens = Buffer.from(data.postings.tokens.join('\0'));
  const paths = Buffer.from(data.chunks.paths.join('\0'));
  const header: Header = {
    savedAt: saved.savedAt,
    files: data.files,
    rejected: saved.rejected,
    chunkCount: data.chunks.file.length,
    tokenCount: data.postings.tokens.length,
    postingWords: data.postings.data.length,
    tokenBytes: tokens.length,
    pathBytes: paths.length,
  };
  const json = Buffer.from(JSON.stringify(header));
  const arrays = [data.chunks.file, data.chunks.start, data.chunks.end, data.chunks.length, data.postings.offsets, data.postings.data];
  const body: Uint8Array[] = [json, Buffer.alloc(pad4(json.length) - json.length)];
  for (const a of arrays) body.push(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  body.push(tokens, Buffer.alloc(pad4(tokens.length) - tokens.length), paths);
  const pre = Buffer.alloc(PREAMBLE);
  pre.write(MAGIC, 0, 'latin1');
  pre.writeUInt32LE(INDEX_FORMAT_VERSION, 8);
  pre.writeUInt32LE(json.length, 12);
  pre.writeUInt32LE(crcOfParts(body), 16);
  return [pre, ...body];
}

/** The CRC-32 of the parts as if joined, without joining them. */
function crcOfParts(parts: Uint8Array[]): number {
  // zlib.crc32 exists from Node 20.15; without it the length and structure checks still apply.
  if (typeof zlib.crc32 !== 'function') return 0;
  let value = 0;
  for (const p of parts) value = zlib.crc32(p, value);
  return value >>> 0;
}

/** Reads `count` little-endian u32s at `offset` of `buf` (copied when not aligned). */
function u32(buf: Buffer, offset: number, count: number): Uint32Array {
  const at = buf.byteOffset + offset;
  if (at % 4 === 0) return new Uint32Array(buf.buffer, at, count);
  return new Uint32Array(buf.buffer.slice(at, at + count * 4));
}

/** Checks the preamble (magic, format version) and returns the JSON header's length in bytes. */
function headerBytes(pre: Buffer): number {
  if (pre.length < PREAMBLE || pre.toString('latin1', 0, 8) !== MAGIC) throw new IndexFileError('not an index file');
  const version = pre.readUInt32LE(8);
  if (version !== INDEX_FORMAT_VERSION) throw new IndexFileError(`index format ${version}, this version reads ${INDEX_FORMAT_VERSION}`);
  return pre.readUInt32LE(12);
}

/**
 * Decodes a saved index, checking everything a reader relies on (magic, version, length, checksum,
 * ranges of every id); throws `IndexFileError` saying what is wrong, so the caller rebuilds.
 */
export function decodeIndex(buf: Buffer): SavedIndex {
  const jsonBytes = headerBytes(buf);
  if (PREAMBLE + jsonBytes > buf.length) throw new IndexFileError('truncated header');
  const expectedCrc = buf.readUInt32LE(16);
  if (expectedCrc !== 0 && crcOfParts([buf.subarray(PREAMBLE)]) !== expectedCrc) throw new IndexFileError('checksum mismatch');
  let h: Header;
  try {
    h = JSON.parse(buf.toString('utf8', PREAMBLE, PREAMBLE + jsonBytes)) as Header;
  } catch {
    throw new IndexFileError('unreadable header');
  }
  let at = PREAMBLE + pad4(jsonBytes);
  const words = 4 * h.chunkCount + h.tokenCount + 1 + h.postingWords;
  if (at + words * 4 + pad4(h.tokenBytes) + h.pathBytes !== buf.length) throw new IndexFileError('truncated or padded data');
  const take = (count: number) => {
    const a = u32(buf, at, count);
    at += count * 4;
    return a;
  };
  const [file, start, end, length] = [take(h.chunkCount), take(h.chunkCount), take(h.chunkCount), take(h.chunkCount)];
  const offsets = take(h.tokenCount + 1);
  const data = take(h.postingWords);
  const tokens = h.tokenCount ? buf.toString('utf8', at, at + h.tokenBytes).split('\0') : [];
  at += pad4(h.tokenBytes);
  const paths = h.pathBytes ? buf.toString('utf8', at, at + h.pathBytes).split('\0') : [];
  const saved: SavedIndex = {
    savedAt: h.savedAt,
    rejected: h.rejected,
    data: { files: h.files, chunks: { paths, file, start, end, length }, postings: { tokens, offsets, data } },
  };
  checkRanges(saved);
  return saved;
}

/**
 * What the saved index found in each file when it last read it (text, or refused as binary), from
 * the file's header alone: a few megabytes of JSON instead of the whole index. Only a hint for
 * listing files (it is used while size and mtime match), so no checksum is verified; undefined
 * when the file is missing, of another version or unreadable.
 */
export function readContentVerdicts(file: string): Map<string, KnownContent> | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const pre = Buffer.alloc(PREAMBLE);
    const json = Buffer.alloc(headerBytes(pre.subarray(0, readSync(fd, pre, 0, PREAMBLE, 0))));
    if (readSync(fd, json, 0, json.length, PREAMBLE) < json.length) return undefined;
    const h = JSON.parse(json.toString('utf8')) as Pick<Header, 'files' | 'rejected'>;
    const known = new Map<string, KnownContent>();
    for (const [p, r] of h.files) if (!r.fromEditor) known.set(p, { size: r.size, mtimeMs: r.mtimeMs, binary: false });
    for (const [p, r] of h.rejected) if (r.skip.reason === 'binary') known.set(p, { size: r.size, mtimeMs: r.mtimeMs, binary: true });
    return known;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Every id points inside its table; a file's chunk range inside the chunk table. */
function checkRanges(s: SavedIndex): void {
  const { chunks, postings, files } = s.data;
  const n = chunks.file.length;
  if (postings.tokens.length + 1 !== postings.offsets.length) throw new IndexFileError('token table does not match its offsets');
  for (const f of chunks.file) if (f >= chunks.paths.length) throw new IndexFileError('chunk names a missing file');
  for (let i = 1; i < postings.offsets.length; i++)
    if (postings.offsets[i] < postings.offsets[i - 1] || postings.offsets[i] & 1) throw new IndexFileError('posting offsets out of order');
  if (postings.offsets[postings.offsets.length - 1] !== postings.data.length) throw new IndexFileError('posting data length');
  for (let i = 0; i < postings.data.length; i += 2) if (postings.data[i] >= n) throw new IndexFileError('posting names a missing chunk');
  for (const [, r] of files) if (r.first + r.count > n) throw new IndexFileError('file names missing chunks');
}
