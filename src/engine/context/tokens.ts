import type { Tiktoken, TiktokenEncoding } from 'tiktoken';
import { TokenThread } from './token-thread';

/**
 * tiktoken, loaded when an encoder is first built: requiring it reads and compiles its 5.6 MB
 * WebAssembly module, which a process counting in a tokenizer thread never needs on this one.
 */
const tiktoken = (): typeof import('tiktoken') => require('tiktoken');

const encoders = new Map<string, Tiktoken>();

/** The tokenizer thread of this process, when counting was handed to one (countInTokenThread). */
let thread: TokenThread | undefined;
/** Counts the thread gave for the texts of the last batch asked (primeTokenCounts). */
let primed = new Map<string, number>();

/**
 * Counts tokens of `encoding` in a worker thread from now on (a one-shot `grounded query`): the
 * tokenizer is built there while this thread loads and searches the index. Counts are the same.
 */
export function countInTokenThread(encoding: string): void {
  thread?.close();
  thread = new TokenThread(encoding);
}

/** The tokenizer thread for `encoding`, if one is answering. */
function threadFor(encoding: string): TokenThread | undefined {
  if (thread && (!thread.alive || thread.encoding !== encoding)) return undefined;
  return thread;
}

/** Requests the tokenizer thread answered (0 without one). */
export function tokenThreadRoundTrips(): number {
  return thread?.roundTrips ?? 0;
}

/**
 * Counts `texts` in one request to the tokenizer thread, so the countTokens calls that follow for
 * them are answered at once (a chunk is budgeted line by line). Nothing to do without a thread.
 */
export function primeTokenCounts(texts: string[], encoding: string): void {
  const counts = threadFor(encoding)?.count(texts);
  if (counts) primed = new Map(texts.map((t, i) => [t, counts[i]]));
}

/** Builds the tokenizer now, unless a tokenizer thread builds it (a process about to count calls this while it waits for I/O). */
export function loadTokenizer(encoding: string): void {
  if (!threadFor(encoding)) encoderFor(encoding);
}

/** The tiktoken encoder for `encoding` (kept for the life of the process: creating one costs ~100 ms). */
export function encoderFor(encoding: string): Tiktoken {
  let enc = encoders.get(encoding);
  if (!enc) {
    try {
      enc = tiktoken().get_encoding(encoding as TiktokenEncoding);
    } catch {
      throw new Error(`Unknown token encoding '${encoding}'. Use one of o200k_base, cl100k_base, p50k_base, r50k_base.`);
    }
    encoders.set(encoding, enc);
  }
  return enc;
}

/**
 * The longest run of non-space (or of space) characters handed to tiktoken in one piece. BPE
 * merges inside one pre-tokenizer word cost quadratic time in its length (80 K letters: 7.6 s; a
 * 1 MiB line traps the WASM module), and such a word never runs past a run of one kind.
 */
export const MAX_TOKENIZER_RUN = 256;

const isSpace = (c: number) =>
  c === 32 ||
  (c >= 9 && c <= 13) ||
  c === 0xa0 ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0xfeff ||
  c === 0x3000 ||
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x202f ||
  c === 0x205f;

/** End of a slice of at most MAX_TOKENIZER_RUN code units from `start`, never splitting a surrogate pair. */
function sliceEnd(text: string, start: number, end: number): number {
  let cut = Math.min(end, start + MAX_TOKENIZER_RUN);
  const c = text.charCodeAt(cut - 1);
  if (cut < end && c >= 0xd800 && c <= 0xdbff) cut++;
  return cut;
}

/**
 * The pieces `text` is counted in, in order (they join back to `text`): the text whole when no
 * run of one kind is longer than MAX_TOKENIZER_RUN (the usual case, counted exactly as tiktoken
 * does), otherwise each long run cut into slices of at most that length. One linear scan.
 */
export function tokenizerPieces(text: string): string[] {
  if (text.length <= MAX_TOKENIZER_RUN) return [text];
  const pieces: string[] = [];
  let last = 0;
  let runStart = 0;
  let runSpace = isSpace(text.charCodeAt(0));
  const flush = (runEnd: number) => {
    if (runEnd - runStart <= MAX_TOKENIZER_RUN) return;
    if (runStart > last) pieces.push(text.slice(last, runStart));
    for (let i = runStart; i < runEnd;) {
      const end = sliceEnd(text, i, runEnd);
      pieces.push(text.slice(i, end));
      i = end;
    }
    last = runEnd;
  };
  for (let i = 1; i < text.length; i++) {
    const space = isSpace(text.charCodeAt(i));
    if (space === runSpace) continue;
    flush(i);
    runStart = i;
    runSpace = space;
  }
  flush(text.length);
  if (last === 0) return [text];
  if (last < text.length) pieces.push(text.slice(last));
  return pieces;
}

/**
 * Number of tokens `text` costs in `encoding`: exact for ordinary text; a run longer than
 * MAX_TOKENIZER_RUN is counted slice by slice (a close upper estimate), so the time stays linear.
 */
export function countTokens(text: string, encoding: string): number {
  const remote = threadFor(encoding);
  const counted = remote && (primed.get(text) ?? remote.count([text])?.[0]);
  if (counted !== undefined) return counted;
  const enc = encoderFor(encoding);
  const pieces = tokenizerPieces(text);
  if (pieces.length === 1) return enc.encode_ordinary(text).length;
  // The slices of a run of one character are all alike: each distinct slice is encoded once.
  const memo = new Map<string, number>();
  let n = 0;
  for (const piece of pieces) {
    let count = piece.length <= MAX_TOKENIZER_RUN + 1 ? memo.get(piece) : undefined;
    if (count === undefined) {
      count = enc.encode_ordinary(piece).length;
      if (piece.length <= MAX_TOKENIZER_RUN + 1) memo.set(piece, count);
    }
    n += count;
  }
  return n;
}

/**
 * The longest prefix of `text` that costs at most `maxTokens`, with its cost: for a single line
 * too long to send whole (a minified file, a generated blob). Cut on a token boundary, never in
 * the middle of a character; empty when not even one piece fits.
 */
export function cutToTokens(text: string, maxTokens: number, encoding: string): { text: string; tokens: number } {
  const remote = threadFor(encoding)?.cut(text, maxTokens);
  if (remote) return remote;
  const enc = encoderFor(encoding);
  const decoder = new TextDecoder('utf-8');
  let kept = '';
  let used = 0;
  for (const piece of tokenizerPieces(text)) {
    const ids = enc.encode_ordinary(piece);
    if (used + ids.length <= maxTokens) {
      kept += piece;
      used += ids.length;
      continue;
    }
    // Re-encoding a decoded prefix can cost a token more than its ids did: shrink until it fits.
    for (let take = maxTokens - used; take > 0;) {
      const prefix = decoder.decode(enc.decode(ids.slice(0, take))).replace(/\uFFFD+$/, '');
      const cost = countTokens(prefix, encoding);
      if (used + cost <= maxTokens) return { text: kept + prefix, tokens: used + cost };
      take -= used + cost - maxTokens;
    }
    break;
  }
  return { text: kept, tokens: used };
}

/**
 * The longest prefix of `lines` (whole lines) that fits `maxTokens`, with its token count.
 * Counting line by line keeps every cut on a line boundary, so a citation range stays exact.
 */
export function fitLines(lines: string[], maxTokens: number, encoding: string): { count: number; tokens: number } {
  let tokens = 0;
  for (let i = 0; i < lines.length; i++) {
    const t = countTokens(`${lines[i]}\n`, encoding);
    if (tokens + t > maxTokens) return { count: i, tokens };
    tokens += t;
  }
  return { count: lines.length, tokens };
}
