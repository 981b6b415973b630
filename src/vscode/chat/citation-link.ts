import * as vscode from 'vscode';
import { z } from 'zod';
import type { Citation } from '../../engine/ask/citations';
import { relativeCitationPath } from '../panel/messages';
import { openCitation, resolveCitation } from '../panel/open-citation';

/**
 * The command behind a citation link in chat. VS Code's own anchor (`stream.anchor` with a
 * Location) opens only the first line of its range (VS Code 1.100 keeps just the start in the
 * link), so a citation is a command link that opens the file with every cited line selected, as
 * the Grounded panel's chips do.
 */
export const OPEN_CITATION = 'grounded.openCitation';

/**
 * Markdown that may run OPEN_CITATION and nothing else. Every part of a chat answer carries the
 * same trust, because VS Code joins consecutive parts into one paragraph only when their trust is
 * equal (a link in a part of its own would break its sentence onto a line of its own). A model's
 * text gains nothing by it: the command only opens workspace files, after the same checks as a
 * chip in the panel.
 */
export function answerMarkdown(text: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(text);
  md.isTrusted = { enabledCommands: [OPEN_CITATION] };
  return md;
}

/** What a citation link carries: the folder the answer came from and the cited lines. */
const citationArgs = z.object({
  root: z.string().max(4096).optional(),
  path: relativeCitationPath,
  startLine: z.number().int().positive(),
  endLine: z.number().int().positive(),
});
export type CitationArgs = z.infer<typeof citationArgs>;

/** Link text that Markdown shows as written (paths may hold `_` or `*`). */
const escapeLinkText = (s: string) => s.replace(/[\\[\]_*`]/g, (c) => `\\${c}`);

/** `[src/a.ts#L19-26](command:grounded.openCitation?… "Open src/a.ts, lines 19–26")`: a verified citation, clickable. */
export function citationLink(root: string, c: Pick<Citation, 'raw' | 'path' | 'startLine' | 'endLine'>): string {
  const args: CitationArgs = { root, path: c.path, startLine: c.startLine, endLine: c.endLine };
  const lines = c.startLine === c.endLine ? `line ${c.startLine}` : `lines ${c.startLine}–${c.endLine}`;
  const uri = `command:${OPEN_CITATION}?${encodeURIComponent(JSON.stringify([args]))}`;
  return `[${escapeLinkText(c.raw)}](${uri} "Open ${c.path}, ${lines}")`;
}

/** Opens a citation link's lines; anything that is not a citation inside an open workspace folder is ignored. */
export async function openCitationLink(raw: unknown): Promise<vscode.TextEditor | undefined> {
  const parsed = citationArgs.safeParse(raw);
  if (!parsed.success) return undefined;
  const { root, path, startLine, endLine } = parsed.data;
  const uri = resolveCitation(root, path);
  return uri ? openCitation(uri, startLine, Math.max(startLine, endLine)) : undefined;
}

export function registerOpenCitation(): vscode.Disposable {
  return vscode.commands.registerCommand(OPEN_CITATION, openCitationLink);
}
