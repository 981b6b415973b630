// A path (letters, digits, . _ - @ /) followed by #L<start> or #L<start>-<end> (also -L<end>).
const CITATION = /(?<![\w/.@-])((?:[\w.@-]+\/)*[\w.@-]+)#L(\d+)(?:-L?(\d+))?/g;

/** One `path#Lstart-Lend` in an answer, with the verdict every surface shows. */
export interface Citation {
  path: string;
  startLine: number;
  endLine: number;
  /**
   * True only if the lines lie inside lines the model was shown (context, attachments, tool reads).
   * A citation that only partly overlaps what was shown is verified for the overlapping lines:
   * `startLine`/`endLine` are then those lines and `narrowedFrom` holds what the answer wrote.
   */
  verified: boolean;
  narrowedFrom?: { startLine: number; endLine: number };
  /** The exact text in the answer, e.g. `src/a.ts#L3-9`. */
  raw: string;
}

/** Lines the model was shown: a context chunk, an attachment, or the lines a /read returned. */
export interface SeenLines {
  path: string;
  startLine: number;
  endLine: number;
}

/**
 * One piece of an answer as every surface renders it: plain text, a notice from Grounded (not the
 * model's words), or a citation already checked against everything the model saw.
 */
export type AnswerSegment =
  | { kind: 'text'; text: string }
  /** `warning`: something the user asked for was left out (a failed @mention); surfaces that can, make it stand out. */
  | { kind: 'notice'; text: string; warning?: true }
  | { kind: 'citation'; citation: Citation };

/** The marker put after a citation that does not match what the model saw. */
export const UNVERIFIED_MARK = ' ⚠️(unverified citation)';

/**
 * The longest run of consecutive lines inside startLine–endLine that the model was shown, joining
 * blocks that touch or overlap (two adjacent chunks cover a citation that spans both); undefined
 * when it saw none of them.
 */
function shownRun(seen: readonly SeenLines[], path: string, startLine: number, endLine: number): { startLine: number; endLine: number } | undefined {
  if (startLine > endLine) return undefined;
  const blocks = seen.filter((c) => c.path === path && c.startLine <= endLine && c.endLine >= startLine).sort((a, b) => a.startLine - b.startLine);
  let best: { startLine: number; endLine: number } | undefined;
  let run: { startLine: number; endLine: number } | undefined;
  for (const b of blocks) {
    if (run && b.startLine <= run.endLine + 1) run.endLine = Math.max(run.endLine, b.endLine);
    else run = { startLine: b.startLine, endLine: b.endLine };
    const clipped = { startLine: Math.max(run.startLine, startLine), endLine: Math.min(run.endLine, endLine) };
    if (!best || clipped.endLine - clipped.startLine > best.endLine - best.startLine) best = clipped;
  }
  return best;
}

/** A citation's verdict: whole, narrowed to the lines the model saw, or unverified. */
export function checkCitation(seen: readonly SeenLines[], path: string, startLine: number, endLine: number, raw: string): Citation {
  const run = shownRun(seen, path, startLine, endLine);
  if (!run) return { path, startLine, endLine, raw, verified: false };
  if (run.startLine === startLine && run.endLine === endLine) return { path, startLine, endLine, raw, verified: true };
  return { path, startLine: run.startLine, endLine: run.endLine, raw, verified: true, narrowedFrom: { startLine, endLine } };
}

/** Splits text into plain runs and citations, each checked against `seen`. */
export function segmentsOf(text: string, seen: readonly SeenLines[]): AnswerSegment[] {
  const out: AnswerSegment[] = [];
  let at = 0;
  for (const m of text.matchAll(CITATION)) {
    if (m.index > at) out.push({ kind: 'text', text: text.slice(at, m.index) });
    const path = m[1].replace(/^\.\//, '');
    const startLine = Number(m[2]);
    const endLine = m[3] ? Number(m[3]) : startLine;
    out.push({ kind: 'citation', citation: checkCitation(seen, path, startLine, endLine, m[0]) });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ kind: 'text', text: text.slice(at) });
  return out;
}

/** The citations of an answer's segments, in order. */
export function citationsOf(segments: readonly AnswerSegment[]): Citation[] {
  return segments.flatMap((s) => (s.kind === 'citation' ? [s.citation] : []));
}

/** One segment as plain text: an unverified citation carries UNVERIFIED_MARK, once; a notice ends its paragraph. */
export function plainSegment(s: AnswerSegment): string {
  if (s.kind === 'citation') return s.citation.verified ? s.citation.raw : `${s.citation.raw}${UNVERIFIED_MARK}`;
  return s.kind === 'notice' ? `${s.text}\n\n` : s.text;
}

/** An answer's segments as plain text (the CLI, `--json` `answer`, the workspace memory). */
export function plainText(segments: readonly AnswerSegment[]): string {
  return segments.map(plainSegment).join('');
}
