import * as vscode from 'vscode';
import { plainSegment, type AnswerSegment } from '../../engine/ask/citations';
import { uriForWorkspacePath } from '../workspace-paths';

/** Where rendered pieces go: the chat response stream, or a recorder in tests. */
export interface CitationSink {
  markdown(text: string): void;
  anchor(location: vscode.Location, title: string): void;
}

/** The editor location of a workspace-relative citation (`name/rel` in a multi-root window: see uriForWorkspacePath). */
export function citationLocation(root: string, p: string, startLine: number, endLine: number): vscode.Location {
  const uri = uriForWorkspacePath(root, p) ?? vscode.Uri.file(root);
  return new vscode.Location(uri, new vscode.Range(startLine - 1, 0, endLine - 1, Number.MAX_SAFE_INTEGER));
}

/**
 * Renders the engine's answer segments into chat: a verified citation becomes an anchor that opens
 * the file at those lines; anything else is Markdown as the engine wrote it (an unverified citation
 * already carries its mark). Nothing is checked here: the verdict is the engine's.
 */
export class ChatAnswerRenderer {
  readonly cited = new Map<string, vscode.Location>();

  constructor(private readonly sink: CitationSink, private readonly root: string) {}

  render(segment: AnswerSegment): void {
    if (segment.kind !== 'citation' || !segment.citation.verified) return this.sink.markdown(plainSegment(segment));
    const c = segment.citation;
    const loc = citationLocation(this.root, c.path, c.startLine, c.endLine);
    this.cited.set(c.raw, loc);
    this.sink.anchor(loc, c.raw);
  }
}
