import * as vscode from 'vscode';
import type { GroundedServices } from './services';
import { readSettings } from './settings';

const PROVIDER_NAMES: Record<string, string> = {
  openai: 'OpenAI',
  gemini: 'Gemini',
  gh: 'GitHub Models',
  'openai-compatible': 'OpenAI-compatible',
  'vscode-lm': 'VS Code',
};

/** "OpenAI gpt-4o-mini", "auto → Gemini gemini-2.0-flash", "snippets only (no model)". */
export async function whoAnswers(services: GroundedServices): Promise<string> {
  const s = readSettings();
  const resolved = await services.resolveProvider().catch(() => undefined);
  const p = resolved?.provider;
  const label = p ? `${PROVIDER_NAMES[p.id] ?? p.id} ${p.model}` : 'snippets only (no model)';
  return s.provider === 'auto' ? `auto → ${label}` : label;
}

/** The status bar item, present from startup: who answers; a click changes it. */
export function createStatusBar(services: GroundedServices): vscode.Disposable[] {
  const item = vscode.window.createStatusBarItem('grounded.status', vscode.StatusBarAlignment.Right, 100);
  item.name = 'Grounded';
  item.command = 'grounded.selectModel';
  let generation = 0;
  const update = async () => {
    const mine = ++generation;
    const label = await whoAnswers(services);
    // A later update (the user changed the setting again meanwhile) wins.
    if (mine !== generation) return;
    item.text = `$(location) Grounded: ${label}`;
    item.tooltip = `Grounded answers with: ${label}${vscode.workspace.isTrusted ? '' : ' (restricted mode: no tools, edits or URL fetches)'}. Click to change.`;
    item.show();
  };
  void update();
  const later = () => void update();
  return [
    item,
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('grounded')) later();
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(later),
    services.keys.onDidChange(later),
    vscode.lm.onDidChangeChatModels(later),
  ];
}
