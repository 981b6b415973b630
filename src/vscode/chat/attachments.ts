import * as vscode from 'vscode';
import path from 'node:path';
import type { AttachedContext } from '../../engine/ask/types';

/** Workspace-relative POSIX path of a file inside `root`, or undefined when it is outside. */
export function relativeTo(root: string, uri: vscode.Uri): string | undefined {
  if (uri.scheme !== 'file') return undefined;
  const rel = path.relative(root, uri.fsPath);
  return rel.startsWith('..') || path.isAbsolute(rel) ? undefined : rel.split(path.sep).join('/');
}

/** Lines `range` covers of a document, as attached context (the document's current text: unsaved edits included). */
export function attachRange(root: string, doc: vscode.TextDocument, range: vscode.Range | undefined, origin: AttachedContext['origin']): AttachedContext | undefined {
  const rel = relativeTo(root, doc.uri);
  if (!rel) return undefined;
  const start = range ? range.start.line : 0;
  const end = range ? (range.end.character === 0 && range.end.line > range.start.line ? range.end.line - 1 : range.end.line) : doc.lineCount - 1;
  const text = doc.getText(new vscode.Range(start, 0, end, doc.lineAt(end).text.length));
  return { path: rel, startLine: start + 1, endLine: end + 1, text, origin };
}

/**
 * The user's `#file` / `#selection` references (and other Uri or Location values) as attached
 * context; references outside the workspace are listed in `skipped` rather than sent.
 */
export async function attachReferences(root: string, refs: readonly vscode.ChatPromptReference[]): Promise<{ attached: AttachedContext[]; skipped: string[] }> {
  const attached: AttachedContext[] = [];
  const skipped: string[] = [];
  for (const ref of refs) {
    const v = ref.value;
    const uri = v instanceof vscode.Uri ? v : v instanceof vscode.Location ? v.uri : undefined;
    if (!uri) continue;
    try {
      const doc = await vscode.workspace.openTextDocument(uri);
      const a = attachRange(root, doc, v instanceof vscode.Location ? v.range : undefined, 'reference');
      if (a) attached.push(a);
      else skipped.push(uri.fsPath);
    } catch {
      skipped.push(uri.fsPath);
    }
  }
  return { attached, skipped };
}
