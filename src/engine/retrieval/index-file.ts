import { closeSync, openSync, readSync } from 'node:fs';
import zlib from 'node:zlib';
import type { ContentVerdicts, KnownContent } from '../workspace/types';
import type { FileRecord, PackedIndex } from './index-data';
import type { Rejected } from './file-state';
import { rowFinder } from './row-finder';

/**
 * The on-disk index format. Bump the version whenever the layout or the tokenizer changes: a file
 * of another version is rebuilt, never read.
 */
export const INDEX_FORMAT_VERSION = 7;
const MAGIC = 'GRNDIDX\0';
/** magic (8), version, header bytes, crc32 of everything after these 16 bytes. */
const PREAMBLE = 20;

/** What a saved index holds besides its data: when and from what it was saved. */
export interface SavedIndex {
  data: PackedIndex;
  rejected: [string, Rejected][];
  savedAt: number;
}

/** The JSON header: the small parts, and the length of every binary part that follows it. */
interface Header {
  savedAt: number;
  rejected: [string, Rejected][];
  fileCount: number;
  filePathBytes: number;
  fileHashBytes: number;
  chunkCount: number;
  tokenCount: number;
  postingWords: number;
  tokenBytes: number;
}

/** Why a saved index was not used. */
export class IndexFileError extends Error {}

const pad4 = (n: number) => (n + 3) & ~3;
/** Padding after the header so the file table's doubles start 8-byte aligned in the file. */
const headerPad = (jsonBytes: number) => ((8 - ((PREAMBLE + jsonBytes) % 8)) % 8);
const FROM_EDITOR = 1;

const bytesOf = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
const joined = (strings: string[]) => Buffer.from(strings.join('\0'));
const withPad = (b: Buffer): Uint8Array[] => [b, Buffer.alloc(pad4(b.length) - b.length)];

/**
 * The file table as columns (sizes, mtimes, chunk ranges, flags, then paths and hashes), not one
 * JSON object per file: decoding 27 K records from JSON was most of what `grounded files` spent on
 * the saved index, and a one-shot question paid it too.
 */
function fileColumns(files: [string, FileRecord][]) {
  const n = files.length;
  const size = new Float64Array(n);
  const mtime = new Float64Array(n);
  const first = new Uint32Array(n);
  const count = new Uint32Array(n);
  const flags = new Uint32Array(n);
  files.forEach(([, r], i) => {
    size[i] = r.size;
    mtime[i] = r.mtimeMs;
    first[i] = r.first;
    count[i] = r.count;
    flags[i] = r.fromEditor ? FROM_EDITOR : 0;
  });
  return { numbers: [size, mtime, first, count, flags], paths: joined(files.map(([p]) => p)), hashes: joined(files.map(([, r]) => r.hash)) };
}

/**
 * Each chunk's file as an index into the file table: chunks belong to indexed files (the index is
 * compacted before it is packed), so the chunk table's own list of paths is not stored a second time.
 */
function chunkFiles(data: PackedIndex): Uint32Array {
  const at = new Map(data.files.map(([p], i) => [p, i]));
  return Uint32Array.from(data.chunks.file, (f) => {
    const i = at.get(data.chunks.paths[f]);
    if (i === undefined) throw new IndexFileError(`a chunk of ${data.chunks.paths[f]} has no file record`);
    return i;
  });
}

/**
 * Encodes an index as the parts of its file, in order: preamble, JSON header, the file table,
 * then 4-byte-aligned typed arrays and strings. The chunk and posting arrays are views of the
 * index's own memory, not copies, so saving a large index does not hold it twice (write the parts
 * one after the other).
 */
export function encodeIndexParts(saved: SavedIndex): Uint8Array[] {
  const { data } = saved;
  const files = fileColumns(data.files);
  const tokens = joined(data.postings.tokens);
  const header: Header = {
    savedAt: saved.savedAt,
    rejected: saved.rejected,
    fileCount: data.files.length,
    filePathBytes: files.paths.length,
    fileHashBytes: files.hashes.length,
    chunkCount: data.chunks.file.length,
    tokenCount: data.postings.tokens.length,
    postingWords: data.postings.data.length,
    tokenBytes: tokens.length,
  };
  const json = Buffer.from(JSON.stringify(header));
  const arrays = [chunkFiles(data), data.chunks.start, data.chunks.end, data.chunks.length, data.postings.offsets, data.postings.data];
  const body: Uint8Array[] = [json, Buffer.alloc(headerPad(json.length)), ...files.numbers.map(bytesOf)];
  body.push(...withPad(files.paths), ...withPad(files.hashes), ...arrays.map(bytesOf), tokens);
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

/** Checks the preamble (magic, format version) and returns the JSON header's length in bytes. */
function headerBytes(pre: Buffer): number {
  if (pre.length < PREAMBLE || pre.toString('latin1', 0, 8) !== MAGIC) throw new IndexFileError('not an index file');
  const version = pre.readUInt32LE(8);
  if (version !== INDEX_FORMAT_VERSION) throw new IndexFileError(`index format ${version}, this version reads ${INDEX_FORMAT_VERSION}`);
  return pre.readUInt32LE(12);
}

const COUNTS = ['fileCount', 'filePathBytes', 'fileHashBytes', 'chunkCount', 'tokenCount', 'postingWords', 'tokenBytes'] as const;

function parseHeader(buf: Buffer, jsonBytes: number): Header {
  let h: Header;
  try {
    h = JSON.parse(buf.toString('utf8', PREAMBLE, PREAMBLE + jsonBytes)) as Header;
  } catch {
    throw new IndexFileError('unreadable header');
  }
  if (!Array.isArray(h?.rejected) || COUNTS.some((k) => !Number.isSafeInteger(h[k]) || h[k] < 0)) throw new IndexFileError('unreadable header');
  return h;
}

/** Bytes from the file's start to the end of the file table (what `readContentVerdicts` needs). */
const fileTableEnd = (jsonBytes: number, h: Header) =>
  PREAMBLE + jsonBytes + headerPad(jsonBytes) + h.fileCount * 28 + pad4(h.filePathBytes) + pad4(h.fileHashBytes);

/** Reads the binary parts in order; typed arrays are views when aligned, copies otherwise. */
class Reader {
  constructor(private readonly buf: Buffer, public at: number) {}

  private view<T>(make: (b: ArrayBufferLike, at: number, n: number) => T, width: number, count: number): T {
    const at = this.buf.byteOffset + this.at;
    this.at += count * width;
    if (this.at > this.buf.length) throw new IndexFileError('truncated data');
    return at % width === 0 ? make(this.buf.buffer, at, count) : make(this.buf.buffer.slice(at, at + count * width), 0, count);
  }

  u32 = (count: number) => this.view((b, at, n) => new Uint32Array(b, at, n), 4, count);
  f64 = (count: number) => this.view((b, at, n) => new Float64Array(b, at, n), 8, count);

  strings(bytes: number, padded = true): string[] {
    if (this.at + bytes > this.buf.length) throw new IndexFileError('truncated data');
    const out = bytes ? this.buf.toString('utf8', this.at, this.at + bytes).split('\0') : [];
    this.at += padded ? pad4(bytes) : bytes;
    return out;
  }
}

interface FileTable {
  paths: string[];
  hashes: string[];
  size: Float64Array;
  mtime: Float64Array;
  first: Uint32Array;
  count: Uint32Array;
  flags: Uint32Array;
}

/** The file table; without `withHashes` (listing files needs none) the hashes are left undecoded and empty. */
function readFileTable(r: Reader, h: Header, withHashes = true): FileTable {
  const [size, mtime] = [r.f64(h.fileCount), r.f64(h.fileCount)];
  const [first, count, flags] = [r.u32(h.fileCount), r.u32(h.fileCount), r.u32(h.fileCount)];
  const paths = r.strings(h.filePathBytes);
  const hashes = withHashes ? r.strings(h.fileHashBytes) : [];
  if (paths.length !== h.fileCount || (withHashes && hashes.length !== h.fileCount)) throw new IndexFileError('file table does not match its count');
  return { paths, hashes, size, mtime, first, count, flags };
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
  const h = parseHeader(buf, jsonBytes);
  const r = new Reader(buf, PREAMBLE + jsonBytes + headerPad(jsonBytes));
  const t = readFileTable(r, h);
  const words = 4 * h.chunkCount + h.tokenCount + 1 + h.postingWords;
  if (r.at + words * 4 + h.tokenBytes !== buf.length) throw new IndexFileError('truncated or padded data');
  const [file, start, end, length] = [r.u32(h.chunkCount), r.u32(h.chunkCount), r.u32(h.chunkCount), r.u32(h.chunkCount)];
  const offsets = r.u32(h.tokenCount + 1);
  const data = r.u32(h.postingWords);
  const tokens = r.strings(h.tokenBytes, false);
  const files: [string, FileRecord][] = t.paths.map((p, i) => [
    p,
    { size: t.size[i], mtimeMs: t.mtime[i], hash: t.hashes[i], fromEditor: (t.flags[i] & FROM_EDITOR) !== 0, first: t.first[i], count: t.count[i] },
  ]);
  const saved: SavedIndex = {
    savedAt: h.savedAt,
    rejected: h.rejected,
    data: { files, chunks: { paths: t.paths, file, start, end, length }, postings: { tokens, offsets, data } },
  };
  checkRanges(saved);
  return saved;
}

/**
 * What the saved index found in each file when it last read it (text, or refused as binary), from
 * the header and the file table alone: about a sixth of the index. Only a hint for listing files
 * (it is used while size and mtime match), so no checksum is verified; undefined when the file is
 * missing, of another version or unreadable.
 */
export function readContentVerdicts(file: string): ContentVerdicts | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const pre = Buffer.alloc(PREAMBLE);
    const jsonBytes = headerBytes(pre.subarray(0, readSync(fd, pre, 0, PREAMBLE, 0)));
    const json = Buffer.alloc(PREAMBLE + jsonBytes);
    if (readSync(fd, json, 0, json.length, 0) < json.length) return undefined;
    const h = parseHeader(json, jsonBytes);
    const table = Buffer.alloc(fileTableEnd(jsonBytes, h));
    if (readSync(fd, table, 0, table.length, 0) < table.length) return undefined;
    const t = readFileTable(new Reader(table, PREAMBLE + jsonBytes + headerPad(jsonBytes)), h, false);
    const binary = new Map<string, KnownContent>();
    for (const [p, r] of h.rejected) if (r.skip.reason === 'binary') binary.set(p, { size: r.size, mtimeMs: r.mtimeMs, binary: true });
    const row = rowFinder(t.paths);
    return {
      // The file table holds what was indexed, the rejected list what was not: a path is in one at most.
      get(rel) {
        const i = row(rel);
        return i < 0 || t.flags[i] & FROM_EDITOR ? binary.get(rel) : { size: t.size[i], mtimeMs: t.mtime[i], binary: false };
      },
    };
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
