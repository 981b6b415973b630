import * as vscode from 'vscode';
import { existsSync } from 'node:fs';
import { uriForWorkspacePath } from '../workspace-paths';

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

/**
 * Up to this many cited lines are left selected, to copy or ask about. A longer range is only
 * highlighted: VS Code's chat attaches the active editor's selection to the next question, and a
 * newcomer who clicked a 120-line citation did not mean to ask about those 120 lines.
 */
export const SELECT_AT_MOST_LINES = 10;

/** Lines of context shown above a cited range too long to fit the editor: the reader sees where it begins. */
const CONTEXT_ABOVE = 2;

/**
 * Opens the editor at the cited lines with the cursor on the first and every cited line
 * highlighted until the cursor leaves them (see CitationHighlight); a short range is selected too.
 */
export async function openCitation(uri: vscode.Uri, startLine: number, endLine: number, viewColumn = vscode.ViewColumn.Active): Promise<vscode.TextEditor> {
  const wanted = new vscode.Range(startLine - 1, 0, endLine - 1, Number.MAX_SAFE_INTEGER);
  const editor = await vscode.window.showTextDocument(uri, { viewColumn, selection: new vscode.Range(wanted.start, wanted.start), preview: true });
  const range = editor.document.validateRange(wanted);
  const small = range.end.line - range.start.line + 1 <= SELECT_AT_MOST_LINES;
  editor.selection = small ? new vscode.Selection(range.end, range.start) : new vscode.Selection(range.start, range.start);
  if (small) editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  else {
    const top = new vscode.Position(Math.max(0, range.start.line - CONTEXT_ABOVE), 0);
    editor.revealRange(new vscode.Range(top, top), vscode.TextEditorRevealType.AtTop);
  }
  (citationHighlight ??= new CitationHighlight()).show(editor, range);
  return editor;
}

/**
 * The highlight of the citation opened last: whole lines, with a mark in the scroll bar so a long
 * range's end can be found. It stays while the reader moves inside the range and goes when the
 * cursor leaves it, the file is edited, or another citation opens.
 */
class CitationHighlight implements vscode.Disposable {
  // A bar down the left of the lines and a tint: the theme's range highlight alone is all but invisible in
  // Dark Modern (#ffffff0b), and a selection-like fill would read as lines selected.
  private readonly decoration = vscode.window.createTextEditorDecorationType({
    backgroundColor: new vscode.ThemeColor('editor.hoverHighlightBackground'),
    borderColor: new vscode.ThemeColor('focusBorder'),
    borderStyle: 'solid',
    borderWidth: '0 0 0 2px',
    overviewRulerColor: new vscode.ThemeColor('focusBorder'),
    overviewRulerLane: vscode.OverviewRulerLane.Full,
    isWholeLine: true,
  });
  private shown: { editor: vscode.TextEditor; range: vscode.Range } | undefined;
  private readonly listeners = [
    vscode.window.onDidChangeTextEditorSelection((e) => {
      const line = e.selections[0]?.active.line;
      if (this.shown && e.textEditor === this.shown.editor && line !== undefined && (line < this.shown.range.start.line || line > this.shown.range.end.line)) {
        this.clear();
      }
    }),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (this.shown && e.contentChanges.length && e.document === this.shown.editor.document) this.clear();
    }),
  ];

  show(editor: vscode.TextEditor, range: vscode.Range): void {
    this.clear();
    editor.setDecorations(this.decoration, [range]);
    this.shown = { editor, range };
  }

  /** The file and 1-based lines highlighted now, if any (the integration tests read it). */
  current(): { path: string; startLine: number; endLine: number } | undefined {
    const s = this.shown;
    return s && { path: s.editor.document.uri.fsPath, startLine: s.range.start.line + 1, endLine: s.range.end.line + 1 };
  }

  clear(): void {
    this.shown?.editor.setDecorations(this.decoration, []);
    this.shown = undefined;
  }

  dispose(): void {
    this.clear();
    for (const l of this.listeners) l.dispose();
    this.decoration.dispose();
  }
}

let citationHighlight: CitationHighlight | undefined;

/** What activate() disposes, and what the API shows the tests. */
export const citationHighlights: vscode.Disposable & { current(): ReturnType<CitationHighlight['current']> } = {
  current: () => citationHighlight?.current(),
  dispose: () => { citationHighlight?.dispose(); citationHighlight = undefined; },
};
