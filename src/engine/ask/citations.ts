// A path (letters, digits, . _ - @ /) followed by #L<start> or #L<start>-<end> (also -L<end>).
const CITATION = /(?<![\w/.@-])((?:[\w.@-]+\/)*[\w.@-]+)#L(\d+)(?:-L?(\d+))?/g;

/** One `path#Lstart-Lend` in an answer, with the verdict every surface shows. */
export interface Citation {
  path: string;
  startLine: number;
  endLine: number;
  /** True only if the cited lines lie inside lines the model was shown (context, attachments, tool reads). */
  verified: boolean;
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
  | { kind: 'notice'; text: string }
  | { kind: 'citation'; citation: Citation };

/** The marker put after a citation that does not match what the model saw. */
export const UNVERIFIED_MARK = ' ⚠️(unverified citation)';

/** True when the lines lie inside one block of that path that the model saw. */
export function isSeen(seen: readonly SeenLines[], path: string, startLine: number, endLine: number): boolean {
  return startLine <= endLine && seen.some((c) => c.path === path && c.startLine <= startLine && endLine <= c.endLine);
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
    out.push({ kind: 'citation', citation: { path, startLine, endLine, raw: m[0], verified: isSeen(seen, path, startLine, endLine) } });
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
