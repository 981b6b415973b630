import type * as vscode from 'vscode';

/** Providers that take a key; keys live only in SecretStorage, one entry per provider. */
export const KEYED_PROVIDERS = ['openai', 'gemini', 'gh', 'openai-compatible'] as const;
export type KeyedProvider = (typeof KEYED_PROVIDERS)[number];

export const PROVIDER_LABELS: Record<KeyedProvider, string> = {
  openai: 'OpenAI',
  gemini: 'Google Gemini',
  gh: 'GitHub Models (a GitHub token)',
  'openai-compatible': 'OpenAI-compatible server (optional key)',
};

/** Short names for sentences ("the OpenAI key is stored"). */
export const KEY_NAMES: Record<KeyedProvider, string> = {
  openai: 'OpenAI',
  gemini: 'Google Gemini',
  gh: 'GitHub Models',
  'openai-compatible': 'OpenAI-compatible server',
};

const secretName = (p: KeyedProvider) => `grounded.apiKey.${p}`;

/** Keys in VS Code's SecretStorage: never in settings, never in logs. */
export class KeyStore {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  get(provider: KeyedProvider): Thenable<string | undefined> {
    return this.secrets.get(secretName(provider));
  }

  store(provider: KeyedProvider, key: string): Thenable<void> {
    return this.secrets.store(secretName(provider), key.trim());
  }

  delete(provider: KeyedProvider): Thenable<void> {
    return this.secrets.delete(secretName(provider));
  }

  onDidChange(listener: () => void): vscode.Disposable {
    return this.secrets.onDidChange((e) => { if (e.key.startsWith('grounded.apiKey.')) listener(); });
  }
}
