import { createHash } from 'node:crypto';
import path from 'node:path';
import { joinScrubbed, scrubbedTemplate } from '../privacy/compose';
import { scrubText } from '../privacy/scrubber';
import type { ScrubbedText } from '../privacy/types';
import { bestWindowStart } from './snippet-window';
import type { BuiltContext, ContextChunk } from './types';
import { fenceFor } from '../text/backticks';

/** The answer every surface gives when retrieval found nothing (no model is called then); see noContextAnswer. */
export const NO_CONTEXT_ANSWER =
  ("I couldn't find relevant information in this workspace for that question. Try naming a file, a function or a term that appears in the code, or attach " +
    "a file with @path.");

/**
 * The answer when there was nothing to search at all: rephrasing cannot help, so it says why a
 * folder can have no readable file and how to see what Grounded reads.
 */
export const EMPTY_WORKSPACE_ANSWER =
  ('This workspace has no file Grounded can read: it is empty, or every file in it is hidden (.gitignore, .agentignore, excluded folders) or ' +
    'skipped (binary, too large). Open a folder with code in it, or see which files Grounded reads: "Grounded: Show What Grounded Can See" in ' +
    'VS Code, `grounded files` on the command line.');

const SNIPPET_LINES = 30;
const SNIPPET_COUNT = 5;

/**
 * The fence id of a query: derived from its id, which workspace files cannot know, so a file
 * cannot forge the end of its own block and smuggle text outside the data fence.
 */
export function fenceId(queryId: string): number {
  return parseInt(createHash('sha256').update(queryId).digest('hex').slice(0, 8), 16);
}

/** `path#L10-24` (or `path#L10` for one line): the citation form answers use. */
export function citationOf(c: { path: string; startLine: number; endLine: number }): string {
  return c.startLine === c.endLine ? `${c.path}#L${c.startLine}` : `${c.path}#L${c.startLine}-${c.endLine}`;
}

type Framed = Pick<ContextChunk, 'path' | 'startLine' | 'endLine' | 'origin' | 'truncated'>;

function header(c: Framed, id: number): ScrubbedText {
  const cite = scrubText(citationOf(c)).text;
  const notes = [c.origin !== 'retrieval' ? c.origin : '', c.truncated ? 'truncated' : ''].filter(Boolean).join(', ');
  return notes ? scrubbedTemplate`<<<FILE ${cite} (${scrubText(notes).text}) id=${id}>>>` : scrubbedTemplate`<<<FILE ${cite} id=${id}>>>`;
}

/** What separates two chunks in a rendered context. */
export const CHUNK_SEPARATOR = '\n\n';

/** The fence of one chunk as rendered: the header line before its text and the end marker after it. */
export function chunkFrame(c: Framed, id: number): { head: ScrubbedText; end: ScrubbedText } {
  return { head: header(c, id), end: scrubbedTemplate`<<<END id=${id}>>>` };
}

/**
 * The context as it goes into a prompt: each chunk fenced as data, headed by its citation
 * (`<<<FILE src/a.ts#L10-24 id=…>>>` … `<<<END id=…>>>`), marked when it was truncated.
 */
export function renderContext(ctx: Pick<BuiltContext, 'queryId' | 'chunks'>): ScrubbedText {
  const id = fenceId(ctx.queryId);
  return joinScrubbed(ctx.chunks.map((c) => {
    const { head, end } = chunkFrame(c, id);
    return joinScrubbed([head, c.text, end], '\n');
  }), CHUNK_SEPARATOR);
}

/**
 * What to say when no chunk could be sent: there was no readable file to search, nothing matched,
 * or things matched but not even a useful part of one fitted the token budget (then the budget,
 * not the workspace, is the problem).
 */
export function noContextAnswer(ctx: Pick<BuiltContext, 'chunks' | 'droppedChunks' | 'budget' | 'filesSearched'>): string {
  if (ctx.chunks.length === 0 && ctx.filesSearched === 0) return EMPTY_WORKSPACE_ANSWER;
  if (ctx.chunks.length > 0 || ctx.droppedChunks === 0) return NO_CONTEXT_ANSWER;
  const n = ctx.droppedChunks;
  return (`Found ${n} matching chunk${n === 1 ? '' : 's'} in this workspace, but none fit the context budget of ${ctx.budget.maxContextTokens} tokens. ` +
    (`Raise the budget (\`--max-tokens\` on the CLI, \`max_context_tokens\` in .agent/etc/query.yaml, or the \`grounded.maxContextTokens\` setting) and ` +
      `ask again.`));
}

const LANGUAGES: Record<string, string> = {
  ts: 'ts', tsx: 'tsx', js: 'js', mjs: 'js', cjs: 'js', jsx: 'jsx', py: 'python', rs: 'rust', go: 'go', java: 'java',
  rb: 'ruby', php: 'php', cs: 'csharp', cpp: 'cpp', c: 'c', h: 'c', sh: 'bash', md: 'markdown', json: 'json', yaml: 'yaml',
  yml: 'yaml', toml: 'toml', html: 'html', css: 'css', sql: 'sql', kt: 'kotlin', swift: 'swift',
};


/**
 * The answer without a model: the best chunks, each under its `path#Lstart-Lend` citation, shown
 * as scrubbed code (long chunks are shortened to the lines holding most of the question's terms,
 * and the citation covers exactly the lines shown).
 */
export function formatSnippetAnswer(ctx: BuiltContext, reason?: string): string {
  if (ctx.chunks.length === 0) return noContextAnswer(ctx);
  const intro = `${reason ? `${reason} ` : ''}Here are the most relevant parts of the workspace, best first:`;
  const parts = ctx.chunks.slice(0, SNIPPET_COUNT).map((c, i) => {
    const lines = c.text.split('\n');
    // Blank lines at either edge of a chunk show as empty space in a narrow view: the window and
    // its citation begin and end on text.
    let top = 0;
    while (top < lines.length - 1 && lines[top].trim() === '') top++;
    let bottom = lines.length;
    while (bottom > top + 1 && lines[bottom - 1].trim() === '') bottom--;
    // The best window inside a long chunk can itself open or close on a blank line between functions.
    let from = top + bestWindowStart(lines.slice(top, bottom), ctx.terms, SNIPPET_LINES);
    while (from < bottom - 1 && lines[from].trim() === '') from++;
    let end = Math.min(bottom, from + SNIPPET_LINES);
    while (end > from + 1 && lines[end - 1].trim() === '') end--;
    const shown = lines.slice(from, end);
    const cite = citationOf({ path: c.path, startLine: c.startLine + from, endLine: c.startLine + from + shown.length - 1 });
    const hidden = bottom - top - shown.length;
    const more = hidden > 0 ? `\n_(${hidden} more lines in ${citationOf(c)})_` : '';
    const lang = LANGUAGES[path.posix.extname(c.path).slice(1).toLowerCase()] ?? '';
    const f = fenceFor(c.text);
    const note = c.truncated ? ' (truncated)' : '';
    return `**${i + 1}. ${cite}**${note}\n\n${f}${lang}\n${shown.join('\n')}\n${f}${more}`;
  });
  return [intro, ...parts].join('\n\n');
}
