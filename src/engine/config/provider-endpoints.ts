import type { ReplyLimits } from './reply-limits';

export type ProviderKind = 'openai' | 'gemini' | 'gh' | 'openai-compatible';

/**
 * Which surface asks: its error messages name its own way to change a setting (VS Code's settings and
 * commands, or the CLI's .agent/etc/query.yaml). Unknown: both, each said as such.
 */
export type Surface = 'vscode' | 'cli';

/** Which model to call and how: the CLI reads it from query.yaml + keys, the extension from settings + SecretStorage. */
export interface ProviderSpec {
  kind: ProviderKind;
  model: string;
  baseUrl?: string;
  apiKey?: string;
  /** Where the key is set, named in error messages. */
  keyHint: string;
  /** Whose settings error messages name. */
  surface?: Surface;
  /** Idle timeout and deadline of one reply (query.yaml: llm_idle_timeout_seconds, llm_timeout_seconds). */
  replyLimits?: Partial<ReplyLimits>;
}

export const DEFAULT_MODELS: Record<Exclude<ProviderKind, 'openai-compatible'>, string> = {
  openai: 'gpt-4o-mini',
  gemini: 'gemini-2.0-flash',
  gh: 'openai/gpt-4o-mini',
};

export const GITHUB_MODELS_URL = 'https://models.github.ai/inference';

// Which endpoint a key may be sent to. A key belongs to one provider and only ever goes to that
// provider's own endpoint: a base URL chosen by a repository (its .vscode/settings.json, its
// query.yaml) must never receive the user's OpenAI, Gemini or GitHub key. A custom base URL
// serves only the OpenAI-compatible provider, with the key stored for that provider (if any).

/** The keyed cloud providers, in the order `auto` tries them. */
export const CLOUD_PROVIDERS = ['openai', 'gemini', 'gh'] as const;
export type CloudProvider = (typeof CLOUD_PROVIDERS)[number];

/** Each cloud provider's own endpoint (undefined: the SDK's built-in default, never an environment override). */
export const OWN_ENDPOINTS: Record<CloudProvider, string | undefined> = {
  openai: 'https://api.openai.com/v1',
  gemini: undefined,
  gh: GITHUB_MODELS_URL,
};

export type ProviderSetting = 'auto' | ProviderKind | 'vscode-lm' | 'none';

export interface ProviderChoiceInput {
  provider: ProviderSetting;
  /** Model name; empty for the provider's default. */
  model: string;
  /** Base URL of an OpenAI-compatible server, from a source the workspace cannot set; empty for none. */
  compatibleBaseUrl: string;
  /** The stored key of a provider (each provider's own; undefined when none is stored). */
  keyFor: (kind: ProviderKind) => PromiseLike<string | undefined> | string | undefined;
  /** Where keys are set, named in error messages. */
  keyHint: string;
  surface?: Surface;
}

export type ProviderChoice =
  | { kind: 'spec'; spec: ProviderSpec }
  /** The editor's own language models (VS Code's `vscode-lm`), or `auto` with nothing keyed. */
  | { kind: 'editor-models' }
  | { kind: 'none'; reason: string };

/** The spec of a cloud provider with its key: always its own endpoint, whatever base URL is configured. */
export function cloudSpec(kind: CloudProvider, apiKey: string, model: string, keyHint: string, surface?: Surface): ProviderSpec {
  return { kind, model: model || DEFAULT_MODELS[kind], apiKey, baseUrl: OWN_ENDPOINTS[kind], keyHint, surface };
}

/** How an OpenAI-compatible provider with no model set is named until the server says which model it is. */
export const SERVER_DEFAULT_MODEL = "server's default model";

/**
 * The spec of an OpenAI-compatible server: the configured URL with only the key stored for it. An
 * empty model stays empty: the provider asks the server (`GET /models`) rather than guess a name.
 */
export function compatibleSpec(baseUrl: string, apiKey: string | undefined, model: string, keyHint: string, surface?: Surface): ProviderSpec {
  return { kind: 'openai-compatible', model, baseUrl, apiKey, keyHint, surface };
}

/**
 * Decides who answers from the provider setting, the stored keys and the OpenAI-compatible base
 * URL. `auto` takes the first cloud provider with a key (sent to that provider's own endpoint),
 * else the OpenAI-compatible server when a base URL is set (with its own key only), else the
 * editor's models. A cloud provider's key is never sent to the configured base URL.
 */
export async function chooseProvider(input: ProviderChoiceInput): Promise<ProviderChoice> {
  const { provider, model, compatibleBaseUrl: baseUrl, keyHint, surface } = input;
  if (provider === 'none') return { kind: 'none', reason: 'The provider setting is "none", so this answer is the ranked snippets.' };
  if (provider === 'vscode-lm') return { kind: 'editor-models' };
  const compatible = async () => compatibleSpec(baseUrl, await input.keyFor('openai-compatible'), model, keyHint, surface);
  if (provider === 'auto') {
    for (const kind of CLOUD_PROVIDERS) {
      const key = await input.keyFor(kind);
      if (key) return { kind: 'spec', spec: cloudSpec(kind, key, model, keyHint, surface) };
    }
    return baseUrl ? { kind: 'spec', spec: await compatible() } : { kind: 'editor-models' };
  }
  if (provider === 'openai-compatible') {
    return baseUrl
      ? { kind: 'spec', spec: await compatible() }
      : { kind: 'none', reason: 'The provider is "openai-compatible" but grounded.baseUrl is empty.' };
  }
  const key = await input.keyFor(provider);
  return key ? { kind: 'spec', spec: cloudSpec(provider, key, model, keyHint, surface) } : { kind: 'none', reason: `No API key is stored for ${provider}.` };
}
