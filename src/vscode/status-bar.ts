import * as vscode from 'vscode';
import { SERVER_DEFAULT_MODEL } from '../engine/config/provider-endpoints';
import type { Provider } from '../engine/llm/types';
import { checkScope } from './last-check';
import type { GroundedServices } from './services';
import { readSettings } from './settings';

const PROVIDER_NAMES: Record<string, string> = {
  openai: 'OpenAI',
  gemini: 'Gemini',
  gh: 'GitHub Models',
  'openai-compatible': 'OpenAI-compatible',
  'vscode-lm': 'VS Code',
};

/** A provider id as people read it ("VS Code", not "vscode-lm"): the status bar and the answers' footers say the same. */
export function providerName(id: string): string {
  return PROVIDER_NAMES[id] ?? id;
}

/** "OpenAI gpt-4o-mini", "OpenAI-compatible (server's default model)", "snippets only (no model)". */
export function providerLabel(p: Provider | undefined): string {
  if (!p) return 'snippets only (no model)';
  const name = providerName(p.id);
  return p.model === SERVER_DEFAULT_MODEL ? `${name} (${SERVER_DEFAULT_MODEL})` : `${name} ${p.model}`;
}

/** "OpenAI gpt-4o-mini", "auto → Gemini gemini-2.0-flash", "snippets only (no model)"; `provider` when already resolved. */
export async function whoAnswers(services: GroundedServices, provider?: Provider): Promise<string> {
  const s = readSettings();
  const p = provider ?? (await services.resolveProvider().catch(() => undefined))?.provider;
  const label = providerLabel(p);
  return s.provider === 'auto' ? `auto → ${label}` : label;
}

/** The scope a check of the current settings is recorded under (see LastCheck); `provider` when already resolved. */
export async function currentCheckScope(services: GroundedServices, provider?: Provider): Promise<string> {
  return checkScope(await whoAnswers(services, provider), readSettings().baseUrl);
}

/** The status bar item, present from startup: who answers, with a warning when its last check failed; a click changes it. */
export function createStatusBar(services: GroundedServices): vscode.Disposable[] {
  const item = vscode.window.createStatusBarItem('grounded.status', vscode.StatusBarAlignment.Right, 100);
  item.name = 'Grounded';
  item.command = 'grounded.selectModel';
  let generation = 0;
  const update = async () => {
    const mine = ++generation;
    const label = await whoAnswers(services);
    // A later update (the user changed the setting again meanwhile) wins; one that read a setup's
    // half-written settings is dropped (the setup's end updates the item).
    if (mine !== generation || (services.lastCheck.settingUp && item.text)) return;
    const check = services.lastCheck.get(checkScope(label, readSettings().baseUrl));
    const failed = check?.ok === false;
    const restricted = vscode.workspace.isTrusted ? '' : ' (restricted mode: no tools, edits or URL fetches)';
    item.text = `${failed ? '$(warning)' : '$(location)'} Grounded: ${label}`;
    item.backgroundColor = failed ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    const last = check ? (failed ? ` The last connection check failed: ${check.summary}` : ` Last check: ${check.summary}.`) : '';
    item.tooltip = `Grounded answers with: ${label}${restricted}.${last} Click to change.`;
    item.show();
  };
  void update();
  return [item, ...onWhoAnswersChange(services, () => void update())];
}

/**
 * Calls `listener` whenever who answers may have changed: settings, trust, a key, a connection check,
 * VS Code's models. Not while a setup runs (its settings are half written): once when it ends.
 */
export function onWhoAnswersChange(services: GroundedServices, whenChanged: () => void): vscode.Disposable[] {
  const listener = () => {
    if (!services.lastCheck.settingUp) whenChanged();
  };
  return [
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('grounded')) listener();
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(listener),
    services.keys.onDidChange(listener),
    services.lastCheck.onDidChange(listener),
    vscode.lm.onDidChangeChatModels(listener),
  ];
}

/** 'ready' when a model answers, 'none' when the user chose none on purpose, else 'missing'. */
export async function modelState(services: GroundedServices): Promise<'ready' | 'missing' | 'none'> {
  const resolved = await services.resolveProvider().catch(() => undefined);
  if (resolved?.provider) return 'ready';
  return readSettings().provider === 'none' ? 'none' : 'missing';
}
