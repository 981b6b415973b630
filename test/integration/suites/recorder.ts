import * as vscode from 'vscode';
import { citationLocation } from '../../../src/vscode/chat/answer-render';
import { OPEN_CITATION, type CitationArgs } from '../../../src/vscode/chat/citation-link';
import type { ChatStream } from '../../../src/vscode/chat/participant';

const LINK = new RegExp(`\\[((?:\\\\.|[^\\]])+)\\]\\(command:${OPEN_CITATION.replace('.', '\\.')}\\?([^ )]+)`, 'g');

/** A ChatResponseStream that records what the @grounded handler sends (not a suite: no .test.ts). */
export class Recorder implements ChatStream {
  parts: { kind: string; value: unknown }[] = [];
  /** The buttons whole (`parts` keeps their command ids), so a test can press one. */
  buttons: vscode.Command[] = [];
  /** Called after each part arrives (a test can stop the request midway). */
  constructor(private readonly onPart?: (kind: string) => void) {}
  private add(kind: string, value: unknown) { this.parts.push({ kind, value }); this.onPart?.(kind); return this; }
  markdown(v: string | vscode.MarkdownString) { return this.add('markdown', typeof v === 'string' ? v : v.value); }
  progress(v: string) { return this.add('progress', v); }
  reference(value: vscode.Uri | vscode.Location) { return this.add('reference', value); }
  button(c: vscode.Command) { this.buttons.push(c); return this.add('button', c.command); }
  text() { return this.parts.filter((p) => p.kind === 'markdown').map((p) => p.value).join(''); }
  of(kind: string) { return this.parts.filter((p) => p.kind === kind).map((p) => p.value); }
  /** The clickable citations of the answer: their text (`src/a.ts#L1-5`), where they open, and the link's arguments. */
  citations(): { title: string; value: vscode.Location; args: CitationArgs }[] {
    return [...this.text().matchAll(LINK)].map((m) => {
      const args = (JSON.parse(decodeURIComponent(m[2])) as CitationArgs[])[0];
      const value = citationLocation(args.root ?? '', args.path, args.startLine, args.endLine);
      return { title: m[1].replace(/\\(.)/g, '$1'), value, args };
    });
  }
}
