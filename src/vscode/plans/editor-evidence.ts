import * as vscode from 'vscode';
import type { EditorDiagnostic, EvidenceInputs } from '../../engine/audit/evidence-request';
import { toWorkspaceRelative } from '../../engine/workspace/contain';

const severities: Record<vscode.DiagnosticSeverity, EditorDiagnostic['severity']> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'information',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};

/** Workspace-relative POSIX path of a file URI, or undefined outside the root. */
export function relativeToRoot(root: string, uri: vscode.Uri): string | undefined {
  const rel = uri.scheme === 'file' ? toWorkspaceRelative(root, uri.fsPath) : undefined;
  return rel || undefined;
}

/**
 * What the editor knows for the evidence queries: the active file and its diagnostics (marking
 * those under the cursor). Only gathering happens here; choosing subjects is the engine's
 * buildEvidenceRequest.
 */
export function gatherEditorEvidence(root: string): EvidenceInputs {
  const editor = vscode.window.activeTextEditor;
  const activeFile = editor && relativeToRoot(root, editor.document.uri);
  if (!editor || !activeFile) return {};
  const cursor = editor.selection.active;
  const diagnostics = vscode.languages.getDiagnostics(editor.document.uri).map((d): EditorDiagnostic => ({
    path: activeFile,
    line: d.range.start.line + 1,
    code: d.code === undefined ? undefined : String(typeof d.code === 'object' ? d.code.value : d.code),
    severity: severities[d.severity] ?? 'error',
    message: d.message,
    atCursor: d.range.contains(cursor),
  }));
  return { activeFile, diagnostics };
}
