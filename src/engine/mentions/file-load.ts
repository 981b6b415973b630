import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { AttachedContext } from '../context/types';
import { defaultSettings } from '../config/settings';
import { realPathInside } from '../workspace/contain';
import { explainPath } from '../workspace/explain';
import { formatBytes, looksBinary, openRegularFile, SNIFF_BYTES } from '../workspace/read';
import type { ExcerptSource } from '../privacy/file-view';
import type { DocumentOverlay } from '../workspace/types';
import { hiddenFileError, MentionError } from './errors';
import type { FileTarget } from './files';

/**
 * Above this many times the size limit a file is refused as a whole (a log or a data dump, whose
 * first megabyte is rarely what was meant); a line range still reads from it.
 */
export const HUGE_FACTOR = 32;
const CHUNK = 64 * 1024;

interface Lines { lines: string[]; total?: number; cut: boolean; source?: ExcerptSource }

/** Lines kept on each side of a range read from a huge file, so the scrubber sees a key's BEGIN/END around it. */
const WINDOW_LINES = 256;

/** Splits text into lines without the empty one after a final newline. */
function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** At most `maxBytes` of `text`, ending at a line end when there is one, and whether it was cut. */
function cap(text: string, maxBytes: number): { text: string; cut: boolean } {
  if (Buffer.byteLength(text) <= maxBytes) return { text, cut: false };
  let head = Buffer.from(text).subarray(0, maxBytes).toString('utf8');
  if (head.endsWith('\uFFFD')) head = head.slice(0, -1);
  const nl = head.lastIndexOf('\n');
  return { text: nl > 0 ? head.slice(0, nl + 1) : head, cut: true };
}

/** `bytes` as text, without a character the cut split in two. */
function decodeCut(bytes: Buffer): string {
  return bytes.toString('utf8').replace(/\uFFFD+$/, '');
}

/**
 * Lines `from`..`to` of a large file, read in chunks and stopping shortly after `to`: no more
 * than the range, a window of WINDOW_LINES lines (at most `maxBytes`) on each side and `maxScan`
 * bytes is ever held, and the output is capped at `maxBytes`. The window is the scrubber's view.
 * Linear in what is read: lines are found by their newline bytes and a line is kept only up to its
 * cap, so one 50 MB line costs one pass, not a quadratic re-split. When the first line of the
 * range alone is over the cap, its head is returned and `cut` is set.
 */
async function rangeOfLargeFile(fh: fs.FileHandle, from: number, to: number, maxScan: number, maxBytes: number): Promise<Lines & { scanned: boolean }> {
  const out: string[] = [];
  const before: string[] = [];
  const after: string[] = [];
  let beforeBytes = 0;
  let afterBytes = 0;
  let outBytes = 0;
  let cut = false;
  let line = 1;
  let current: Buffer[] = [];
  let currentBytes = 0;
  let over = false;
  let pending = false;
  let pos = 0;
  const buf = Buffer.alloc(CHUNK);
  const done = (total?: number) => ({
    lines: out,
    total,
    cut,
    scanned: true,
    source: { text: [...before, ...out, ...after].join('\n'), firstLine: from - before.length },
  });
  // Bytes the current line may keep where it is going (the newline after it counted).
  const room = () => (line < from ? maxBytes : line <= to ? maxBytes - outBytes : maxBytes - afterBytes) - 1;
  const keep = (bytes: Buffer) => {
    const left = room() - currentBytes;
    if (bytes.length > left) over = true;
    const part = bytes.subarray(0, Math.max(0, Math.min(bytes.length, left)));
    current.push(Buffer.from(part));
    currentBytes += part.length;
  };
  /** Files the line just ended; a result when reading can stop. */
  const endLine = (): ReturnType<typeof done> | undefined => {
    const text = Buffer.concat(current).toString('utf8');
    const size = currentBytes + 1;
    const wasOver = over;
    current = [];
    currentBytes = 0;
    over = false;
    if (line < from) {
      // A line too long for the window breaks it: what came before is no longer next to the range.
      if (wasOver) { before.length = 0; beforeBytes = 0; return undefined; }
      before.push(text);
      beforeBytes += size;
      while (before.length > WINDOW_LINES || beforeBytes > maxBytes) beforeBytes -= Buffer.byteLength(before.shift() ?? '') + 1;
    } else if (line <= to) {
      out.push(text);
      outBytes += size;
    } else {
      if (wasOver || after.length >= WINDOW_LINES) return done();
      after.push(text);
      afterBytes += size;
    }
    return undefined;
  };
  for (;;) {
    // Before the range starts, reads stop exactly at maxScan; inside it, the output cap ends the read.
    const want = line < from ? Math.max(1, Math.min(CHUNK, maxScan - pos)) : CHUNK;
    const { bytesRead } = await fh.read(buf, 0, want, pos);
    pos += bytesRead;
    for (let start = 0; start < bytesRead;) {
      const nl = buf.subarray(0, bytesRead).indexOf(0x0a, start);
      const end = nl === -1 ? bytesRead : nl;
      pending = end > start || pending;
      if (!over) keep(buf.subarray(start, end));
      if (over && line >= from && line <= to) {
        // The range reached its cap: a first line over it alone is sent as its head.
        cut = true;
        if (out.length === 0) out.push(decodeCut(Buffer.concat(current)));
        return done();
      }
      if (nl === -1) break;
      const stop = endLine();
      if (stop) return stop;
      pending = false;
      line++;
      start = nl + 1;
    }
    if (bytesRead === 0) {
      // The last line has no newline after it; a file ending in one has no extra empty line.
      if (pending) {
        const stop = endLine();
        if (stop) return { ...stop, total: line };
        line++;
      }
      return done(line - 1);
    }
    if (pos >= maxScan && line < from) return { lines: out, cut: false, scanned: false };
  }
}

/**
 * Loads a file mention: visibility checked (the reason it is hidden quoted), the real path checked
 * inside the workspace, text from the open editor first, line range validated. A file over the
 * size limit is cut at a line end and the note says so; one over HUGE_FACTOR times the limit is
 * `too_large` unless a line range picks a part of it; binary content is `binary`.
 */
export async function loadFileMention(
  t: FileTarget,
  startLine: number | undefined,
  endLine: number | undefined,
  overlay: DocumentOverlay,
): Promise<{ attached: AttachedContext; note?: string; totalLines?: number }> {
  const e = await explainPath(t.root.discovery, t.rel);
  if (!e.visible && e.reason !== 'too-large') throw hiddenFileError(e);
  const abs = path.join(t.root.discovery.root, ...t.rel.split('/'));
  const maxBytes = t.root.discovery.maxFileBytes ?? defaultSettings.maxFileBytes;
  const from = startLine ?? 1;
  const ranged = startLine !== undefined;
  let got: Lines;
  let size: number;
  const open = overlay.get(abs);
  if (open !== undefined) {
    size = Buffer.byteLength(open);
    const all = splitLines(open);
    const c = cap(all.slice(from - 1, endLine ?? all.length).join('\n'), maxBytes);
    got = { lines: splitLines(c.text), total: all.length, cut: c.cut, source: { text: open, firstLine: 1 } };
  } else {
    // Checked again right before reading, on the path actually opened.
    const real = await realPathInside(t.root.discovery.root, abs);
    if (!real) throw hiddenFileError({ path: t.rel, visible: false, reason: 'symlink-outside' });
    const fh = await openRegularFile(real).catch((err: NodeJS.ErrnoException) => {
      throw hiddenFileError({
        path: t.rel,
        visible: false,
        reason: err.code === 'ENOTREGULAR' ? 'special-file' : 'unreadable',
        detail: err.code === 'ENOTREGULAR' ? err.message : err.code,
      });
    });
    try {
      size = (await fh.stat()).size;
      const head = Buffer.alloc(Math.min(size, SNIFF_BYTES));
      await fh.read(head, 0, head.length, 0);
      if (looksBinary(head, size <= SNIFF_BYTES))
        throw hiddenFileError({ path: t.rel, visible: false, reason: 'binary', detail: 'binary content: NUL byte or invalid UTF-8' });
      if (size > maxBytes && ranged) {
        const r = await rangeOfLargeFile(fh, from, endLine ?? from, maxBytes * HUGE_FACTOR, maxBytes);
        if (!r.scanned)
          throw new MentionError(
            'too_large',
            `starts past the first ${formatBytes(maxBytes * HUGE_FACTOR)} of a ${formatBytes(size)} file.`,
            'Mention an earlier line range, or open the file and attach a selection.',
          );
        got = r;
      } else {
        if (size > maxBytes * HUGE_FACTOR) {
          throw new MentionError(
            'too_large',
            (`${formatBytes(size)}, too large to attach (the limit is ${formatBytes(maxBytes)}; larger files are cut, up to ` +
              `${formatBytes(maxBytes * HUGE_FACTOR)}).`),
            `Mention a line range, e.g. @${t.label}#L1-200.`,
          );
        }
        const buf = Buffer.alloc(Math.min(size, maxBytes));
        await fh.read(buf, 0, buf.length, 0);
        let text = size > maxBytes ? decodeCut(buf) : buf.toString('utf8');
        // A cut file ends at its last whole line (never in the middle of a line or a character).
        if (size > maxBytes && text.lastIndexOf('\n') > 0) text = text.slice(0, text.lastIndexOf('\n') + 1);
        const all = splitLines(text);
        got = {
          lines: all.slice(from - 1, endLine ?? all.length),
          total: size > maxBytes ? undefined : all.length,
          cut: size > maxBytes,
          source: { text, firstLine: 1 },
        };
      }
    } finally {
      await fh.close();
    }
  }
  if (endLine !== undefined && endLine < from) {
    throw new MentionError('bad_range', `the range ends before it starts (#L${from}-${endLine}).`, `Write it as #L${endLine}-${from}.`);
  }
  if (from < 1) throw new MentionError('bad_range', `lines are numbered from 1, so #L${from} names no line.`, 'Start the range at #L1.');
  if (got.lines.length === 0 && (got.total === undefined || from > got.total)) {
    const total = got.total;
    throw new MentionError(
      'bad_range',
      `outside the file${total !== undefined ? ` (${total} lines)` : ''}.`,
      total ? `Use lines 1-${total}.` : 'Check the line numbers.',
    );
  }
  const to = from + got.lines.length - 1;
  const note = got.cut
    ? `truncated: @${t.label} is ${formatBytes(size)}; only the first ${formatBytes(maxBytes)} ${ranged ? 'of the range ' : ''}was attached`
    : endLine !== undefined && got.total !== undefined && endLine > got.total
      ? `@${t.label} has ${got.total} lines; the range was cut there.`
      : undefined;
  return {
    attached: { path: t.label, startLine: from, endLine: to, text: got.lines.join('\n'), origin: 'mention', source: got.source },
    note,
    totalLines: got.total,
  };
}
