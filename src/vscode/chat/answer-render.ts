import * as vscode from 'vscode';
import { plainSegment, type AnswerSegment } from '../../engine/ask/citations';
import { uriForWorkspacePath } from '../workspace-paths';
import { answerMarkdown, citationLink } from './citation-link';

/** Where rendered pieces go: the chat response stream, or a recorder in tests. */
export interface CitationSink {
  markdown(text: string | vscode.MarkdownString): void;
}

/**
 * Markdown of Grounded's own with codicons (`$(warning)`): an emoji renders as a box where the
 * font lacks it, a codicon never does. Only for our own text: a model's `$(…)` stays literal.
 */
export function withCodicons(text: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(text);
  md.supportThemeIcons = true;
  return md;
}

/** The editor location of a workspace-relative citation (`name/rel` in a multi-root window: see uriForWorkspacePath). */
export function citationLocation(root: string, p: string, startLine: number, endLine: number): vscode.Location {
  const uri = uriForWorkspacePath(root, p) ?? vscode.Uri.file(root);
  return new vscode.Location(uri, new vscode.Range(startLine - 1, 0, endLine - 1, Number.MAX_SAFE_INTEGER));
}

/**
 * Renders the engine's answer segments into chat: a verified citation becomes a link that opens
 * the file with those lines selected (see citation-link.ts); anything else is Markdown as the
 * engine wrote it (an unverified citation already carries its mark). Nothing is checked here: the
 * verdict is the engine's.
 */
export class ChatAnswerRenderer {
  readonly cited = new Map<string, vscode.Location>();

  constructor(private readonly sink: CitationSink, private readonly root: string) {}

  render(segment: AnswerSegment): void {
    // A warning notice (a mention not attached) is marked as one, as the panel boxes it.
    if (segment.kind === 'notice' && segment.warning) return this.sink.markdown(withCodicons(`$(warning) ${plainSegment(segment)}`));
    if (segment.kind !== 'citation') return this.sink.markdown(answerMarkdown(plainSegment(segment)));
    const c = segment.citation;
    if (!c.verified) return this.sink.markdown(withCodicons(`${c.raw} $(warning) _unverified citation: these lines were not sent to the model_`));
    this.cited.set(c.raw, citationLocation(this.root, c.path, c.startLine, c.endLine));
    this.sink.markdown(answerMarkdown(citationLink(this.root, c)));
  }
}
