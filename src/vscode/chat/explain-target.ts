import * as vscode from 'vscode';
import { regexSymbols } from '../../engine/tools/regex-symbols';
import type { SymbolInfo } from '../../engine/tools/host';
import { symbolsWhenReady, toSymbolInfos } from '../plans/workspace-host';

/** What `/explain` sends from the active editor, and how to tell the user. */
export interface ExplainTarget {
  range: vscode.Range;
  /** "the selection", "`formatDuration`, the function at the cursor", "the visible lines". */
  what: string;
}

/** The smallest symbol whose range holds `line` (a method rather than its class). */
function innermost(symbols: SymbolInfo[], line: number): SymbolInfo | undefined {
  const around = symbols.filter((s) => s.range.start.line <= line && s.range.end.line >= line);
  return around.sort((a, b) => (a.range.end.line - a.range.start.line) - (b.range.end.line - b.range.start.line))[0];
}

/**
 * `/explain` with a selection explains it; without one, the symbol around the cursor (the
 * language's document symbols, or the engine's own finder where no language extension answers);
 * else the lines on screen. Whole-file explanations of a long file are never sent by surprise.
 */
export async function explainTarget(editor: vscode.TextEditor): Promise<ExplainTarget> {
  if (!editor.selection.isEmpty) return { range: editor.selection, what: 'the selection' };
  const doc = editor.document;
  const line = editor.selection.active.line;
  const fromEditor = await symbolsWhenReady(doc.uri, 3000).catch(() => undefined);
  const symbols = fromEditor ? toSymbolInfos(fromEditor) : regexSymbols(doc.uri.fsPath, doc.getText()) ?? [];
  const symbol = innermost(symbols, line);
  if (symbol) {
    const range = new vscode.Range(symbol.range.start.line, 0, symbol.range.end.line, doc.lineAt(symbol.range.end.line).text.length);
    return { range, what: `\`${symbol.name}\`, the ${symbol.kind} at the cursor` };
  }
  const visible = editor.visibleRanges[0] ?? new vscode.Range(0, 0, Math.min(doc.lineCount - 1, 59), 0);
  return { range: visible, what: 'the lines on screen (no symbol around the cursor)' };
}
