import * as vscode from 'vscode';
import { CLOUD_PROVIDERS, cloudSpec, compatibleSpec, DEFAULT_MODELS, type CloudProvider, type ProviderSpec } from '../engine/config/provider-endpoints';
import { listProviderModels, testConnection } from '../engine/llm/connection-check';
import type { ProviderError } from '../engine/llm/types';
import { PROVIDER_LABELS } from './keys';
import { KEY_HINT, type GroundedServices } from './services';
import { readSettings, type ProviderChoice } from './settings';
import { whoAnswers } from './status-bar';

export const PROVIDER_CHOICES: { id: ProviderChoice; label: string; detail: string }[] = [
  { id: 'auto', label: 'Automatic', detail: 'The first provider with a key, else VS Code\'s language models' },
  { id: 'openai', label: 'OpenAI', detail: 'Needs an API key' },
  { id: 'gemini', label: 'Google Gemini', detail: 'Needs an API key' },
  { id: 'gh', label: 'GitHub Models', detail: 'Needs a GitHub token' },
  { id: 'openai-compatible', label: 'OpenAI-compatible server', detail: 'Ollama, LM Studio, vLLM, llama.cpp: needs a base URL' },
  { id: 'vscode-lm', label: 'VS Code language models', detail: 'Models provided by other extensions (e.g. Copilot)' },
  { id: 'none', label: 'No model', detail: 'Ranked, scrubbed snippets only' },
];

/** The dialogs the setup needs: VS Code's quick picks and boxes, or a script in tests. */
export interface SetupUi {
  pick<T extends vscode.QuickPickItem>(items: T[], placeHolder: string): Promise<T | undefined>;
  input(opts: { prompt: string; value?: string; password?: boolean }): Promise<string | undefined>;
  progress<T>(title: string, task: () => Promise<T>): Promise<T>;
  /** Success, in one sentence. */
  done(message: string): void;
  /** A failure with the cause and buttons that fit; resolves to the button chosen. */
  failed(message: string, buttons: string[]): Promise<string | undefined>;
}

export type SetupOutcome = 'connected' | 'snippets' | 'failed' | 'cancelled';

const OTHER = '$(edit) Another model…';
const isCloud = (p: ProviderChoice): p is CloudProvider => (CLOUD_PROVIDERS as readonly string[]).includes(p);
const global = vscode.ConfigurationTarget.Global;

/** The model step: a pick from the provider's own list, or a name typed when there is no list. */
async function chooseModel(ui: SetupUi, spec: Omit<ProviderSpec, 'model'> | undefined, current: string, fallback: string): Promise<string | undefined> {
  let models: string[] = [];
  let why = '';
  if (spec) {
    try {
      models = await ui.progress('Grounded: fetching the model list…', () => listProviderModels(spec));
    } catch (err) {
      why = `${(err as ProviderError).message} ${(err as ProviderError).suggestion ?? ''}`.trim();
    }
  }
  if (models.length) {
    const items = [...models.map((m) => ({ label: m, description: m === current ? 'current' : m === fallback ? 'default' : undefined })), { label: OTHER }];
    const pick = await ui.pick(items, `Which model? (${models.length} offered)`);
    if (!pick) return undefined;
    if (pick.label !== OTHER) return pick.label;
  } else if (why) {
    void ui.failed(`Grounded could not list the models: ${why}`, []);
  }
  return ui.input({ prompt: `Model name (empty for ${fallback || 'the server\'s default'})`, value: current });
}

/**
 * The one setup flow: provider → base URL (OpenAI-compatible) → key (when it needs one and none is
 * stored) → model from the provider's list → a test request, ending in "connected" or the reason.
 * Keys go to SecretStorage only; settings are the user's (never the workspace's).
 */
export async function runSetup(services: GroundedServices, ui: SetupUi): Promise<SetupOutcome> {
  const current = readSettings();
  const config = vscode.workspace.getConfiguration('grounded');
  const choice = await ui.pick(
    PROVIDER_CHOICES.map((c) => ({ ...c, description: c.id === current.provider ? 'current' : undefined })),
    'Who should answer? (Grounded works without a model too)',
  );
  if (!choice) return 'cancelled';
  const provider = choice.id;
  await config.update('provider', provider, global);
  if (provider === 'none') {
    ui.done('Grounded answers with ranked, scrubbed snippets and their citations (no model).');
    return 'snippets';
  }
  let spec: Omit<ProviderSpec, 'model'> | undefined;
  if (provider === 'openai-compatible') {
    const url = await ui.input({ prompt: 'Base URL of the server (Ollama: http://localhost:11434/v1)', value: current.baseUrl || 'http://localhost:11434/v1' });
    if (!url) return 'cancelled';
    await config.update('baseUrl', url.trim(), global);
    spec = compatibleSpec(url.trim(), await services.keys.get('openai-compatible'), '', KEY_HINT);
  }
  if (isCloud(provider)) {
    let key = await services.keys.get(provider);
    if (!key) {
      key = (
        await ui.input({ prompt: `API key for ${PROVIDER_LABELS[provider]} (stored in VS Code's secret storage, never in settings)`, password: true })
      )?.trim();
      if (!key) return 'cancelled';
      await services.keys.store(provider, key);
    }
    // GitHub Models has no OpenAI-style model list: its model is typed.
    spec = provider === 'gh' ? undefined : cloudSpec(provider, key, '', KEY_HINT);
  }
  if (provider === 'vscode-lm') {
    const models = await vscode.lm.selectChatModels();
    const m = await ui.pick(
      models.map((x) => ({ label: x.name, description: `${x.vendor} · ${x.family}`, id: x.id })),
      models.length ? 'Which model?' : 'No language model is installed',
    );
    if (!m) return 'cancelled';
    await config.update('model', m.id, global);
  } else if (provider !== 'auto') {
    const model = await chooseModel(ui, spec, current.provider === provider ? current.model : '', isCloud(provider) ? DEFAULT_MODELS[provider] : '');
    if (model === undefined) return 'cancelled';
    await config.update('model', model.trim(), global);
  }
  return testChoice(services, ui);
}

/** The last step: one small request to whoever now answers. */
async function testChoice(services: GroundedServices, ui: SetupUi): Promise<SetupOutcome> {
  const label = await whoAnswers(services);
  const resolved = await services.resolveProvider();
  const result = resolved.provider
    ? await ui.progress(`Grounded: testing ${label}…`, () => testConnection(resolved.provider!))
    : undefined;
  if (result?.ok) {
    await vscode.commands.executeCommand('setContext', 'grounded.connected', true);
    ui.done(`Grounded is connected: ${label} answered.`);
    return 'connected';
  }
  const cause = result && !result.ok ? `${result.error.message} ${result.error.suggestion}` : resolved.reason ?? 'No model is available.';
  const button = await ui.failed(`Grounded could not reach ${label}: ${cause}`, ['Set API Key', 'Choose Provider', 'Show Logs']);
  const command = { 'Set API Key': 'grounded.setApiKey', 'Choose Provider': 'grounded.selectModel', 'Show Logs': 'grounded.showLogs' }[button ?? ''];
  if (command) void vscode.commands.executeCommand(command);
  return 'failed';
}

/** The setup with VS Code's own dialogs. */
export const vscodeSetupUi: SetupUi = {
  pick: async (items, placeHolder) => vscode.window.showQuickPick(items, { placeHolder, ignoreFocusOut: true }),
  input: async ({ prompt, value, password }) => vscode.window.showInputBox({ prompt, value, password, ignoreFocusOut: true }),
  progress: async (title, task) => vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, task),
  done: (message) => void vscode.window.showInformationMessage(message),
  failed: async (message, buttons) => vscode.window.showErrorMessage(message, ...buttons),
};
