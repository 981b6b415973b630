import * as vscode from 'vscode';
import type { ChatStream } from '../../../src/vscode/chat/participant';

/** A ChatResponseStream that records what the @grounded handler sends (not a suite: no .test.ts). */
export class Recorder implements ChatStream {
  parts: { kind: string; value: unknown }[] = [];
  /** Called after each part arrives (a test can stop the request midway). */
  constructor(private readonly onPart?: (kind: string) => void) {}
  private add(kind: string, value: unknown) { this.parts.push({ kind, value }); this.onPart?.(kind); return this; }
  markdown(v: string | vscode.MarkdownString) { return this.add('markdown', typeof v === 'string' ? v : v.value); }
  anchor(value: vscode.Uri | vscode.Location, title?: string) { return this.add('anchor', { value, title }); }
  progress(v: string) { return this.add('progress', v); }
  reference(value: vscode.Uri | vscode.Location) { return this.add('reference', value); }
  button(c: vscode.Command) { return this.add('button', c.command); }
  text() { return this.parts.filter((p) => p.kind === 'markdown').map((p) => p.value).join(''); }
  of(kind: string) { return this.parts.filter((p) => p.kind === kind).map((p) => p.value); }
  anchors() { return this.of('anchor') as { value: vscode.Location; title: string }[]; }
}
