import type { EngineSettings } from '../config/settings';
import { joinScrubbed, scrubbedLines } from '../privacy/compose';
import { CHUNK_SEPARATOR, chunkFrame, renderContext } from './render';
import { countTokens, cutToTokens, fitLines, primeTokenCounts } from './tokens';
import type { ScrubbedText } from '../privacy/types';
import type { ContextChunk } from './types';

/** A chunk cut to less than this is not worth sending. */
const MIN_PARTIAL_TOKENS = 48;

type Framed = Parameters<typeof chunkFrame>[0];

/**
 * Tokens a chunk's fence costs as rendered: its header line, end marker and the separator after
 * it, counted with tiktoken on the real strings (a long path costs more than a short one).
 */
export function frameTokens(c: Framed, fence: number, encoding: string): number {
  return countFrame(chunkFrame(c, fence), encoding);
}

function countFrame({ head, end }: ReturnType<typeof chunkFrame>, encoding: string): number {
  return countTokens(`${head}\n`, encoding) + countTokens(end, encoding) + countTokens(CHUNK_SEPARATOR, encoding);
}

/**
 * frameTokens, with the counts of the lines that may follow the fence asked in the same batch: a
 * tokenizer thread (tokens.ts) then answers once per chunk instead of once per line.
 */
export function frameTokensWithLines(c: Framed, lines: string[], fence: number, encoding: string): number {
  const frame = chunkFrame(c, fence);
  primeTokenCounts([`${frame.head}\n`, frame.end, CHUNK_SEPARATOR, ...lines.map((l) => `${l}\n`)], encoding);
  return countFrame(frame, encoding);
}

/** The token budgets of one context: the total, and the cap per file (text only; fences count in the total). */
export class Budget {
  total = 0;
  private perFile = new Map<string, number>();
  constructor(private readonly s: EngineSettings) {}

  /**
   * The longest prefix of `lines` that fits both budgets once its fence (`frame` tokens) is paid
   * for; undefined when not even a useful part fits. When the first line alone is too long (a
   * minified file, one huge line), its head is sent instead and `cut` says so.
   */
  fit(file: string, lines: ScrubbedText[], frame: number): { lines: ScrubbedText[]; tokens: number; cut: boolean } | undefined {
    const forFile = this.s.maxFileTokens - (this.perFile.get(file) ?? 0);
    const room = Math.min(forFile, this.s.maxContextTokens - this.total - frame);
    if (room < Math.min(MIN_PARTIAL_TOKENS, this.s.maxFileTokens)) return undefined;
    const f = fitLines(lines, room, this.s.encoding);
    if (f.count > 0) return { lines: lines.slice(0, f.count), tokens: f.tokens, cut: f.count < lines.length };
    if (!lines.length) return undefined;
    // A prefix of scrubbed text is scrubbed: the whole line was scrubbed before it was cut.
    const head = cutToTokens(lines[0], room - countTokens('\n', this.s.encoding), this.s.encoding);
    if (!head.text) return undefined;
    return { lines: [head.text as ScrubbedText], tokens: countTokens(`${head.text}\n`, this.s.encoding), cut: true };
  }

  /** True when no further chunk can fit, whatever its fence: the rest need not be read or scrubbed. */
  get exhausted(): boolean {
    return this.s.maxContextTokens - this.total < Math.min(MIN_PARTIAL_TOKENS, this.s.maxFileTokens);
  }

  spend(file: string, tokens: number, frame: number): void {
    this.total += tokens + frame;
    this.perFile.set(file, (this.perFile.get(file) ?? 0) + tokens);
  }
}

/** Drops lines from the end of `c` worth at least `excess` tokens; undefined when nothing is left. */
function shorten(c: ContextChunk, excess: number, encoding: string): ContextChunk | undefined {
  const lines = scrubbedLines(c.text);
  primeTokenCounts(lines.map((l) => `${l}\n`), encoding);
  let removed = 0;
  let keep = lines.length;
  while (keep > 0 && removed < excess) removed += countTokens(`${lines[--keep]}\n`, encoding);
  if (keep === 0) return undefined;
  return { ...c, endLine: c.startLine + keep - 1, text: joinScrubbed(lines.slice(0, keep), '\n'), tokens: Math.max(0, c.tokens - removed), truncated: true };
}

/**
 * Makes the rendered context fit `maxContextTokens` exactly as tiktoken counts it. Chunks are
 * budgeted piece by piece, and tokens can merge or split where pieces meet, so the whole is
 * counted once more; in the rare case it is over, the last (lowest-ranked) chunk is cut or dropped.
 */
export function enforceTotal(queryId: string, chunks: ContextChunk[], s: EngineSettings): { chunks: ContextChunk[]; tokens: number; dropped: number } {
  const out = [...chunks];
  let dropped = 0;
  for (;;) {
    const tokens = out.length ? countTokens(renderContext({ queryId, chunks: out }), s.encoding) : 0;
    if (tokens <= s.maxContextTokens || out.length === 0) return { chunks: out, tokens, dropped };
    const last = out.pop()!;
    const cut = shorten(last, tokens - s.maxContextTokens, s.encoding);
    if (cut) out.push(cut);
    else dropped++;
  }
}
