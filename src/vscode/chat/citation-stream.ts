import * as vscode from 'vscode';
import { splitCitations, UNVERIFIED_MARK } from '../../engine/ask/citations';
import type { BuiltContext } from '../../engine/context/types';
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
 * Streams answer text into chat, turning each verified `path#Lstart-Lend` into an anchor that
 * opens the file at those lines, and marking unverified ones. Text is held back only until the
 * last whitespace, so a citation split across two deltas is still recognised.
 */
export class CitationStreamer {
  private pending = '';
  readonly cited = new Map<string, vscode.Location>();

  constructor(private readonly sink: CitationSink, private readonly ctx: BuiltContext, private readonly root: string) {}

  push(delta: string): void {
    this.pending += delta;
    const cut = Math.max(this.pending.lastIndexOf(' '), this.pending.lastIndexOf('\n'));
    if (cut < 0) return;
    this.emit(this.pending.slice(0, cut + 1));
    this.pending = this.pending.slice(cut + 1);
  }

  end(): void {
    if (this.pending) this.emit(this.pending);
    this.pending = '';
  }

  private emit(text: string): void {
    for (const seg of splitCitations(text, this.ctx)) {
      if ('text' in seg) this.sink.markdown(seg.text);
      else if (seg.verified) {
        const loc = citationLocation(this.root, seg.citation.path, seg.citation.startLine, seg.citation.endLine);
        this.cited.set(seg.raw, loc);
        this.sink.anchor(loc, seg.raw);
      } else this.sink.markdown(`${seg.raw}${UNVERIFIED_MARK}`);
    }
  }
}
