import { citationOf } from './render';
import type { AttachedContext, ContextChunk } from './types';

const WHAT: Partial<Record<AttachedContext['origin'], string>> = {
  selection: 'your selection',
  reference: 'the attached',
  mention: 'the mentioned',
};

const n = (x: number) => x.toLocaleString('en-US');

/**
 * One note per attachment the token budget cut or left out. The user chose those lines, so an
 * answer must not look as if the model had read them all: the note says which lines were sent and
 * how to ask about the rest. Lines sent by any chunk of the same file count as sent.
 */
export function attachmentNotes(
  attached: readonly AttachedContext[],
  chunks: readonly ContextChunk[],
  budget: { maxContextTokens: number; maxFileTokens: number },
): string[] {
  const notes: string[] = [];
  for (const a of attached) {
    const what = WHAT[a.origin];
    if (!what) continue;
    const total = a.endLine - a.startLine + 1;
    const sent = new Set<number>();
    for (const c of chunks) {
      if (c.path !== a.path) continue;
      for (let line = Math.max(c.startLine, a.startLine); line <= Math.min(c.endLine, a.endLine); line++) sent.add(line);
    }
    if (sent.size >= total) continue;
    const cite = citationOf(a);
    const limits = `${n(budget.maxFileTokens)} tokens per file, ${n(budget.maxContextTokens)} in all`;
    if (sent.size === 0) {
      notes.push(`Note: ${what} ${cite} was not sent: it did not fit the context budget (${limits}). Select a smaller part to ask about it.`);
      continue;
    }
    let end = a.startLine;
    while (sent.has(end + 1)) end++;
    const which = sent.has(a.startLine) && sent.size === end - a.startLine + 1
      ? `lines ${a.startLine}–${end}`
      : `${n(sent.size)} of its ${n(total)} lines`;
    notes.push(`Note: only ${which} of ${what} ${cite} were sent: it is larger than the context budget (${limits}). ` +
      'Select a smaller part to ask about the rest.');
  }
  return notes;
}
