import * as vscode from 'vscode';
import type { GroundedServices } from './services';
import { readSettings } from './settings';

/** The status bar item: which model answers; a click changes it. */
export function createStatusBar(services: GroundedServices): vscode.Disposable[] {
  const item = vscode.window.createStatusBarItem('grounded.status', vscode.StatusBarAlignment.Right, 100);
  item.name = 'Grounded';
  item.command = 'grounded.selectModel';
  const update = () => {
    const s = readSettings();
    const label = s.provider === 'none' ? 'snippets only' : s.model ? `${s.provider}/${s.model}` : s.provider;
    item.text = `$(comment-discussion) Grounded: ${label}`;
    item.tooltip = `Grounded answers with: ${label}${vscode.workspace.isTrusted ? '' : ' (restricted mode: no tools, edits or URL fetches)'}. Click to change.`;
    item.show();
  };
  update();
  return [item, vscode.workspace.onDidChangeConfiguration((e) => { if (e.affectsConfiguration('grounded')) update(); }), vscode.workspace.onDidGrantWorkspaceTrust(update), services.keys.onDidChange(update)];
}
