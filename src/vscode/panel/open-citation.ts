import * as vscode from 'vscode';
import { existsSync } from 'node:fs';
import { uriForWorkspacePath } from '../workspace-paths';

const highlight = vscode.window.createTextEditorDecorationType({
  backgroundColor: new vscode.ThemeColor('editor.findMatchHighlightBackground'),
  isWholeLine: true,
});

/**
 * The file a citation names, resolved in the workspace folder the answer was given for (`root`;
 * `name/rel` paths of a multi-root window go to the folder they name, see uriForWorkspacePath),
 * or, when that is unknown or no longer open, in the folder that holds such a file. Undefined when
 * the path would leave every workspace folder.
 */
export function resolveCitation(root: string | undefined, p: string): vscode.Uri | undefined {
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
  const own = folders.find((f) => f.uri.fsPath === root);
  const candidates = own ? [own] : folders;
  for (const folder of candidates) {
    const uri = uriForWorkspacePath(folder.uri.fsPath, p);
    if (uri && (candidates.length === 1 || existsSync(uri.fsPath))) return uri;
  }
  return undefined;
}

/** Opens the editor at the cited lines (cursor on the first), selects and highlights them for a moment. */
export async function openCitation(uri: vscode.Uri, startLine: number, endLine: number, viewColumn = vscode.ViewColumn.Active): Promise<vscode.TextEditor> {
  const wanted = new vscode.Range(startLine - 1, 0, endLine - 1, Number.MAX_SAFE_INTEGER);
  const editor = await vscode.window.showTextDocument(uri, { viewColumn, selection: new vscode.Range(wanted.start, wanted.start), preview: true });
  const range = editor.document.validateRange(wanted);
  editor.selection = new vscode.Selection(range.end, range.start);
  editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  editor.setDecorations(highlight, [range]);
  setTimeout(() => editor.setDecorations(highlight, []), 2500);
  return editor;
}
