import type { BuiltContext } from '../context/types';
import type { Citation } from './types';

// A path (letters, digits, . _ - @ /) followed by #L<start> or #L<start>-<end> (also -L<end>).
const CITATION = /(?<![\w/.@-])((?:[\w.@-]+\/)*[\w.@-]+)#L(\d+)(?:-L?(\d+))?/g;

/** Finds every `path#Lstart-Lend` in an answer (plain, in backticks or in a Markdown link). */
export function parseCitations(answer: string): Omit<Citation, 'verified'>[] {
  const out: Omit<Citation, 'verified'>[] = [];
  for (const m of answer.matchAll(CITATION)) {
    const startLine = Number(m[2]);
    const endLine = m[3] ? Number(m[3]) : startLine;
    out.push({ path: m[1].replace(/^\.\//, ''), startLine, endLine, raw: m[0] });
  }
  return out;
}

/** True when the lines lie inside one chunk of that path that was really sent. */
export function isSent(ctx: BuiltContext, path: string, startLine: number, endLine: number): boolean {
  return startLine <= endLine && ctx.chunks.some((c) => c.path === path && c.startLine <= startLine && endLine <= c.endLine);
}

/** Parses and checks the citations of an answer against the context that was sent. */
export function checkCitations(answer: string, ctx: BuiltContext): Citation[] {
  return parseCitations(answer).map((c) => ({ ...c, verified: isSent(ctx, c.path, c.startLine, c.endLine) }));
}

/** The marker put after a citation that does not match what was sent. */
export const UNVERIFIED_MARK = ' ⚠️(unverified citation)';

/** Marks each unverified citation in the text so no surface shows it as real; verified ones are untouched. */
export function markUnverified(answer: string, ctx: BuiltContext): string {
  return answer.replace(CITATION, (raw: string, p: string, a: string, b?: string) => {
    const start = Number(a);
    return isSent(ctx, p.replace(/^\.\//, ''), start, b ? Number(b) : start) ? raw : `${raw}${UNVERIFIED_MARK}`;
  });
}

export type CitationSegment = { text: string } | { citation: Omit<Citation, 'raw'>; raw: string; verified: boolean };

/** Splits text into plain runs and citations (checked against the context), for surfaces that render citations as links. */
export function splitCitations(text: string, ctx: BuiltContext): CitationSegment[] {
  const out: CitationSegment[] = [];
  let at = 0;
  for (const m of text.matchAll(CITATION)) {
    if (m.index! > at) out.push({ text: text.slice(at, m.index) });
    const path = m[1].replace(/^\.\//, '');
    const startLine = Number(m[2]);
    const endLine = m[3] ? Number(m[3]) : startLine;
    out.push({ citation: { path, startLine, endLine, verified: isSent(ctx, path, startLine, endLine) }, raw: m[0], verified: isSent(ctx, path, startLine, endLine) });
    at = m.index! + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}
