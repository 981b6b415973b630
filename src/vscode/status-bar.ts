import * as vscode from 'vscode';
import { SERVER_DEFAULT_MODEL } from '../engine/config/provider-endpoints';
import type { Provider } from '../engine/llm/types';
import { failureNotice, statusView } from './failure-notice';
import { FIX_TITLES } from './fix-commands';
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

/**
 * The status bar item, present from startup: who answers, or what failed after a failed question
 * or check (see statusView); a click changes who answers, or, after a failure, says what failed and
 * how to fix it ("Grounded: Show What Failed", in the palette while there is a failure).
 */
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
    const view = statusView(label, services.lastCheck.get(checkScope(label, readSettings().baseUrl)), !vscode.workspace.isTrusted);
    item.text = view.text;
    item.tooltip = view.tooltip;
    item.accessibilityInformation = { label: view.ariaLabel, role: 'button' };
    item.backgroundColor = view.failed ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    item.command = view.failed ? 'grounded.showLastFailure' : 'grounded.selectModel';
    void vscode.commands.executeCommand('setContext', 'grounded.lastFailed', view.failed);
    item.show();
  };
  void update();
  const command = vscode.commands.registerCommand('grounded.showLastFailure', () => showLastFailure(services));
  return [item, command, ...onWhoAnswersChange(services, () => void update())];
}

/**
 * Says what failed last and offers its fixes (not waited for: the notification stays until
 * dismissed); what it said, for tests. Nothing failed: says so, with the way to change who answers.
 */
async function showLastFailure(services: GroundedServices): Promise<{ message: string; buttons: string[] }> {
  const label = await whoAnswers(services);
  const check = services.lastCheck.get(checkScope(label, readSettings().baseUrl));
  if (check?.ok !== false) {
    const message = `Grounded: nothing has failed since the last answer. Grounded answers with: ${label}.`;
    void vscode.window.showInformationMessage(message);
    return { message, buttons: [] };
  }
  const { message, fixes } = failureNotice(label, check);
  const buttons = fixes.map((f) => FIX_TITLES[f]);
  void vscode.window.showWarningMessage(message, ...buttons).then((chosen) => {
    const fix = fixes.find((f) => FIX_TITLES[f] === chosen);
    if (fix) void vscode.commands.executeCommand(fix);
  });
  return { message, buttons };
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
