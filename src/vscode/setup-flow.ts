import * as vscode from 'vscode';
import { tickWalkthroughStep } from './walkthrough-tick';
import { fitBudgetToModel } from '../engine/ask/window-budget';
import { CLOUD_PROVIDERS, cloudSpec, compatibleSpec, DEFAULT_MODELS, type CloudProvider, type ProviderSpec } from '../engine/config/provider-endpoints';
import { readBaseUrl } from '../engine/config/base-url';
import { resolveSettings } from '../engine/config/settings';
import { listProviderModels, remediesFor, testConnection, type Remedy } from '../engine/llm/connection-check';
import type { ProviderError } from '../engine/llm/types';
import { KEYED_PROVIDERS, PROVIDER_LABELS, type KeyedProvider } from './keys';
import { setupFailureMessage } from './failure-notice';
import { checkScope } from './last-check';
import { KEY_HINT, type GroundedServices } from './services';
import type { SetupNotice } from './setup-notice';
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
  /** `validate` says, as the user types, what is wrong (blocks Enter) or what will be used (does not). */
  input(opts: { prompt: string; value?: string; password?: boolean; validate?: (text: string) => InputCheck | undefined }): Promise<string | undefined>;
  progress<T>(title: string, task: () => Promise<T>): Promise<T>;
  /** Success, in one sentence. */
  done(message: string): void;
  /** A failure with the cause and buttons that fit; resolves to the button chosen. */
  failed(message: string, buttons: string[]): Promise<string | undefined>;
}

/** What an input box says under the text as it is typed. */
export type InputCheck = { error: string } | { note: string };

export type SetupOutcome = 'connected' | 'snippets' | 'failed' | 'cancelled';

const OTHER = '$(edit) Another model…';
const CHANGE_URL = '$(link) Change URL…';
const TYPE_MODEL = '$(edit) Type a model name…';
const isCloud = (p: ProviderChoice): p is CloudProvider => (CLOUD_PROVIDERS as readonly string[]).includes(p);
const global = vscode.ConfigurationTarget.Global;

type ServerSpec = Omit<ProviderSpec, 'model'>;

/**
 * The model step: a pick from the provider's own list, or a name typed when there is no list.
 * `changeUrl` (a server the user named): a list that failed, most often a wrong URL, offers going
 * back to the URL instead of only a name box, so a typo is not fixed by starting over.
 */
async function chooseModel(
  ui: SetupUi, spec: ServerSpec | undefined, current: string, fallback: string, changeUrl?: () => Promise<ServerSpec | undefined>,
): Promise<string | undefined> {
  let models: string[] = [];
  let why = '';
  if (spec) {
    try {
      models = await ui.progress('Grounded: fetching the model list…', () => listProviderModels(spec));
    } catch (err) {
      // Only the cause: what to do about it comes once, with the test's result.
      why = (err as ProviderError).message;
    }
  }
  if (models.length) {
    const items = [...models.map((m) => ({ label: m, description: m === current ? 'current' : m === fallback ? 'default' : undefined })), { label: OTHER }];
    const pick = await ui.pick(items, `Which model? (${models.length} offered)`);
    if (!pick) return undefined;
    if (pick.label !== OTHER) return pick.label;
  } else if (why && changeUrl) {
    // The cause goes on the row that fixes it: a placeholder is grey, cut to the box's width, and
    // gone at the first key typed.
    const items = [{ label: CHANGE_URL, description: spec?.baseUrl, detail: `$(warning) ${why}` }, { label: TYPE_MODEL }];
    const pick = await ui.pick(items, 'The model list is unavailable: pick "Change URL…" or "Type a model name…"');
    if (!pick) return undefined;
    if (pick.label === CHANGE_URL) {
      const changed = await changeUrl();
      return changed && chooseModel(ui, changed, current, fallback, changeUrl);
    }
  }
  // The cause goes into the prompt, not a notification of its own: the test that ends the setup
  // reports the same failure once, with the buttons that fit it.
  const prompt = `Model name (empty for ${fallback || 'the server\'s default'})`;
  return ui.input({ prompt: why ? `${prompt}. The model list is unavailable: ${why}` : prompt, value: current });
}

/** The settings the flow writes as it goes (each step's choice is needed by the next one). */
const SETUP_KEYS = ['provider', 'baseUrl', 'model'] as const;

/**
 * The one setup flow: provider → base URL (OpenAI-compatible) → key (when it needs one and none is
 * stored) → model from the provider's list → a test request, ending in "connected" or the reason.
 * Keys go to SecretStorage only; settings are the user's (never the workspace's). Cancelled part
 * way (Escape at any step), the settings are put back as they were: a newcomer who looked at the
 * choices and escaped was left with a provider half set up, at a URL that was never tested.
 */
export async function runSetup(services: GroundedServices, ui: SetupUi): Promise<SetupOutcome> {
  const config = vscode.workspace.getConfiguration('grounded');
  const before = SETUP_KEYS.map((k) => [k, config.inspect(k)?.globalValue] as const);
  return services.lastCheck.during(async () => {
    const outcome = await runSteps(services, ui);
    if (outcome === 'cancelled') {
      const now = vscode.workspace.getConfiguration('grounded');
      for (const [k, v] of before) if (now.inspect(k)?.globalValue !== v) await now.update(k, v, global);
    }
    return outcome;
  });
}

async function runSteps(services: GroundedServices, ui: SetupUi): Promise<SetupOutcome> {
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
  let spec: ServerSpec | undefined;
  let changeUrl: (() => Promise<ServerSpec | undefined>) | undefined;
  if (provider === 'openai-compatible') {
    const serverAt = async (url: string) => compatibleSpec(url, await services.keys.get('openai-compatible'), '', KEY_HINT, 'vscode');
    const url = await askBaseUrl(ui, current.baseUrl);
    if (!url) return 'cancelled';
    spec = await serverAt(url);
    changeUrl = async () => {
      const again = await askBaseUrl(ui, readSettings().baseUrl);
      return again ? serverAt(again) : undefined;
    };
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
    spec = provider === 'gh' ? undefined : cloudSpec(provider, key, '', KEY_HINT, 'vscode');
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
    const model = await chooseModel(ui, spec, current.provider === provider ? current.model : '', isCloud(provider) ? DEFAULT_MODELS[provider] : '', changeUrl);
    if (model === undefined) return 'cancelled';
    await config.update('model', model.trim(), global);
  }
  return testChoice(services, ui);
}

/** The box's word on a typed URL: what is wrong with it, or the scheme Grounded will add. */
function checkBaseUrl(text: string): InputCheck | undefined {
  const r = readBaseUrl(text);
  if ('error' in r) return { error: r.error };
  return r.added ? { note: `Grounded will use ${r.url}` } : undefined;
}

/** Asks for the server's URL and saves it, a scheme added where none was typed (user settings only); undefined when cancelled. */
async function askBaseUrl(ui: SetupUi, current: string): Promise<string | undefined> {
  const typed = await ui.input({
    prompt: 'Base URL of the server (Ollama: http://localhost:11434/v1)', value: current || 'http://localhost:11434/v1', validate: checkBaseUrl,
  });
  const read = typed === undefined ? undefined : readBaseUrl(typed);
  const url = read && 'url' in read ? read.url : undefined;
  if (url) await vscode.workspace.getConfiguration('grounded').update('baseUrl', url, global);
  return url;
}

const REMEDY_BUTTONS: Record<Remedy, string> = {
  retry: 'Retry',
  'change-url': 'Change URL…',
  'set-key': 'Set API Key',
  'choose-model': 'Choose Model…',
  'choose-provider': 'Choose Provider…',
  'show-logs': 'Show Logs',
};

/** The last step: one small request to whoever now answers, recorded for the status bar. */
async function testChoice(services: GroundedServices, ui: SetupUi): Promise<SetupOutcome> {
  const resolved = await services.resolveProvider();
  const label = await whoAnswers(services, resolved.provider);
  const scope = checkScope(label, readSettings().baseUrl);
  const result = resolved.provider
    ? await ui.progress(`Grounded: testing ${label}…`, () => testConnection(resolved.provider!))
    : undefined;
  if (result?.ok) {
    // The provider now knows the model it asked for (an OpenAI-compatible server's default, by name).
    const answered = await whoAnswers(services, resolved.provider);
    services.lastCheck.record(scope, { ok: true, summary: `${answered} answered` });
    await tickWalkthroughStep('grounded.connected');
    // A local model's small window is worth knowing now, not from the first thin answer.
    const fitted = await fitBudgetToModel(resolveSettings(readSettings().engine), resolved.provider!, true);
    ui.done(`Grounded is connected: ${answered} answered.${fitted.note ? ` ${fitted.note}` : ''}`);
    return 'connected';
  }
  const error = result && !result.ok ? result.error : undefined;
  const cause = error ? `${error.message} ${error.suggestion}`.trim() : resolved.reason ?? 'No model is available.';
  services.lastCheck.record(scope, { ok: false, summary: cause, kind: error?.kind, ...(error?.keyMissing ? { keyMissing: true } : {}) });
  const kind = resolved.provider?.id ?? readSettings().provider;
  services.logger.warn('setup.test_failed', { provider: kind, errorKind: error?.kind ?? 'unconfigured' });
  const remedies = remediesFor(error?.kind ?? 'unconfigured', kind);
  const message = setupFailureMessage(label, cause, error?.kind, Boolean(error));
  const button = await services.lastCheck.released(() => ui.failed(message, remedies.map((r) => REMEDY_BUTTONS[r])));
  const remedy = remedies.find((r) => REMEDY_BUTTONS[r] === button);
  if (remedy === 'retry') return testChoice(services, ui);
  if (remedy === 'change-url') return (await askBaseUrl(ui, readSettings().baseUrl)) ? testChoice(services, ui) : 'failed';
  const keyed = (KEYED_PROVIDERS as readonly string[]).includes(kind) ? (kind as KeyedProvider) : undefined;
  if (remedy === 'set-key') void vscode.commands.executeCommand('grounded.setApiKey', keyed);
  if (remedy === 'choose-model' || remedy === 'choose-provider') void vscode.commands.executeCommand('grounded.selectModel');
  if (remedy === 'show-logs') void vscode.commands.executeCommand('grounded.showLogs');
  return 'failed';
}

/** The setup with VS Code's own dialogs; its result is said by `notice`, which a question takes away. */
export const vscodeSetupUi = (notice: SetupNotice): SetupUi => ({
  pick: async (items, placeHolder) => vscode.window.showQuickPick(items, { placeHolder, ignoreFocusOut: true }),
  input: async ({ prompt, value, password, validate }) =>
    vscode.window.showInputBox({
      prompt, value, password, ignoreFocusOut: true,
      validateInput: validate && ((text) => {
        const check = validate(text);
        if (!check) return undefined;
        return 'error' in check
          ? { message: check.error, severity: vscode.InputBoxValidationSeverity.Error }
          : { message: check.note, severity: vscode.InputBoxValidationSeverity.Info };
      }),
    }),
  progress: async (title, task) => vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, task),
  done: (message) => notice.show(message),
  failed: async (message, buttons) => vscode.window.showErrorMessage(message, ...buttons),
});
