import { promises as fs } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { cloudSpec, type ProviderKind, type ProviderSpec } from './provider-endpoints';

export { DEFAULT_MODELS, GITHUB_MODELS_URL, type ProviderKind, type ProviderSpec } from './provider-endpoints';
import type { EngineSettings } from './settings';
import { guardSecretsDir, secretsDir } from './secrets-dir';

export interface QueryConfig {
  provider?: ProviderSpec;
  /** Why there is no provider (shown with the snippet answer). */
  unconfiguredReason?: string;
  settings: Partial<EngineSettings>;
  warnings: string[];
}

/** A configuration the user must fix; the message names the file and the key. */
export class ConfigError extends Error {
  constructor(message: string, readonly suggestion: string) {
    super(message);
    this.name = 'ConfigError';
  }
}


const ENV_KEYS: Record<Exclude<ProviderKind, 'openai-compatible'>, string> = { openai: 'OPENAI_API_KEY', gemini: 'GEMINI_API_KEY', gh: 'GH_TOKEN' };
/** Also read, after the first name (the seed's `gh` reads GH_TOKEN, then GITHUB_TOKEN). */
const MORE_ENV_KEYS: Partial<Record<keyof typeof ENV_KEYS, string>> = { gh: 'GITHUB_TOKEN' };
/** The seed's provider-neutral key file, `.agent/secrets/llm_api_key`, read after `<provider>_api_key`. */
const SHARED_KEY_FILE = 'llm_api_key';

export function configPath(root: string): string {
  return path.join(root, '.agent', 'etc', 'query.yaml');
}

async function readKeyFile(root: string, name: string, warnings: string[]): Promise<string | undefined> {
  const file = path.join(secretsDir(root), name);
  try {
    const st = await fs.stat(file);
    if ((st.mode & 0o077) !== 0) {
      warnings.push(
        `${path.relative(root, file)} is readable by other users (mode ${(st.mode & 0o777).toString(8)}); run: chmod 600 ${path.relative(root, file)}`,
      );
    }
    return (await fs.readFile(file, 'utf8')).trim() || undefined;
  } catch {
    return undefined;
  }
}

async function readKey(root: string, kind: keyof typeof ENV_KEYS, env: NodeJS.ProcessEnv, warnings: string[]): Promise<string | undefined> {
  const more = MORE_ENV_KEYS[kind];
  const fromEnv = env[ENV_KEYS[kind]]?.trim() || (more ? env[more]?.trim() : undefined);
  if (fromEnv) return fromEnv;
  return readKeyFile(root, `${kind}_api_key`, warnings);
}

/** Which provider a key in llm_api_key is for, by its well-known prefix; the seed's default (gemini) otherwise. */
function kindOfSharedKey(key: string): keyof typeof ENV_KEYS {
  if (/^(gh[pousr]_|github_pat_)/.test(key)) return 'gh';
  if (/^sk-/.test(key)) return 'openai';
  return 'gemini';
}

/** Environment variables that move a cloud provider's endpoint: the user's own shell, never the repository. */
const ENDPOINT_ENV: Record<keyof typeof ENV_KEYS, string> = { openai: 'OPENAI_BASE_URL', gemini: 'GEMINI_BASE_URL', gh: 'GH_MODELS_BASE_URL' };

function keyHint(kind: keyof typeof ENV_KEYS): string {
  return `set ${ENV_KEYS[kind]} or write the key to .agent/secrets/${kind}_api_key (or .agent/secrets/${SHARED_KEY_FILE})`;
}

function positive(doc: Record<string, unknown>, key: string): number | undefined {
  const v = doc[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v <= 0)
    throw new ConfigError(
      `.agent/etc/query.yaml: '${key}' must be a positive whole number, got ${JSON.stringify(v)}.`,
      `Fix '${key}' in .agent/etc/query.yaml.`,
    );
  return v;
}

const ENCODINGS = ['o200k_base', 'cl100k_base', 'p50k_base', 'r50k_base'];

/** Every key query.yaml knows; any other is reported (a typo would otherwise be silently ignored). */
const KNOWN_KEYS = [
  'llm_provider',
  'model',
  'base_url',
  'max_context_tokens',
  'max_file_tokens',
  'encoding',
  'excluded_folders',
  'extra_ignore',
  'llm_idle_timeout_seconds',
  'llm_timeout_seconds',
];

/**
 * A text value: absent, or a non-empty string. Anything else (a number, `true`, a list) is a
 * mistake the user must fix, never silently dropped: a dropped `llm_provider` would send the
 * context to whichever cloud provider has a key in the environment.
 */
function text(doc: Record<string, unknown>, key: string, example: string): string | undefined {
  const v = doc[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || !v.trim())
    throw new ConfigError(`.agent/etc/query.yaml: '${key}' must be text, got ${JSON.stringify(v)}.`, `Write it as text, e.g. ${key}: ${example}`);
  return v.trim();
}

function stringList(doc: Record<string, unknown>, key: string): string[] | undefined {
  const v = doc[key];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' || !x.trim()))
    throw new ConfigError(
      `.agent/etc/query.yaml: '${key}' must be a list of non-empty strings, got ${JSON.stringify(v)}.`,
      `Write '${key}' as a YAML list, e.g. ${key}: [vendor, generated].`,
    );
  return v.map((x: string) => x.trim());
}

function encoding(doc: Record<string, unknown>): string | undefined {
  const v = doc.encoding;
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || !ENCODINGS.includes(v))
    throw new ConfigError(
      `.agent/etc/query.yaml: 'encoding' must be one of ${ENCODINGS.join(', ')}, got ${JSON.stringify(v)}.`,
      'o200k_base suits current OpenAI models; cl100k_base older ones.',
    );
  return v;
}

/**
 * Reads `<root>/.agent/etc/query.yaml` (seed 001): `llm_provider` (openai | gemini | gh | the URL of
 * an OpenAI-compatible server), `model`, `max_context_tokens`, `max_file_tokens`, optional `base_url`,
 * `encoding` (tiktoken), `excluded_folders` (replaces the default list) and `extra_ignore` (gitignore patterns).
 * Keys come from the environment (GH_TOKEN or GITHUB_TOKEN for gh), `.agent/secrets/<provider>_api_key`,
 * or the seed's `.agent/secrets/llm_api_key` (for the chosen provider, else the one its prefix names). With no `llm_provider`,
 * the first provider that has a key is used; with none, there is no provider and the reason says why.
 */
export async function loadQueryConfig(root: string, env: NodeJS.ProcessEnv): Promise<QueryConfig> {
  const warnings: string[] = await guardSecretsDir(root);
  let doc: Record<string, unknown> = {};
  try {
    const text = await fs.readFile(configPath(root), 'utf8');
    const parsed = YAML.parse(text) as unknown;
    if (parsed !== null && (typeof parsed !== 'object' || Array.isArray(parsed)))
      throw new ConfigError('.agent/etc/query.yaml must be a mapping of keys to values.', 'See README: "Answering with a model" for an example.');
    doc = (parsed ?? {}) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ConfigError(
        `.agent/etc/query.yaml is not valid YAML: ${(err as Error).message.split('\n')[0]}`,
        'Fix the file, or delete it to use the defaults.',
      );
    }
  }
  const settings: Partial<EngineSettings> = Object.fromEntries(Object.entries({
    maxContextTokens: positive(doc, 'max_context_tokens'), maxFileTokens: positive(doc, 'max_file_tokens'),
    encoding: encoding(doc), excludedFolders: stringList(doc, 'excluded_folders'), extraIgnore: stringList(doc, 'extra_ignore'),
  }).filter(([, v]) => v !== undefined));
  for (const key of Object.keys(doc))
    if (!KNOWN_KEYS.includes(key)) warnings.push(`.agent/etc/query.yaml: unknown key '${key}' is ignored (known: ${KNOWN_KEYS.join(', ')}).`);
  const chosen = text(doc, 'llm_provider', 'openai (or gemini, gh, http://localhost:11434/v1)');
  const model = text(doc, 'model', 'gpt-4o-mini');
  const baseUrl = text(doc, 'base_url', 'https://models.github.ai/inference');
  const idle = positive(doc, 'llm_idle_timeout_seconds');
  const total = positive(doc, 'llm_timeout_seconds');
  const replyLimits = idle || total ? { ...(idle ? { idleTimeoutMs: idle * 1000 } : {}), ...(total ? { deadlineMs: total * 1000 } : {}) } : undefined;
  if (chosen && /^https?:\/\//i.test(chosen)) {
    if (!model)
      throw new ConfigError(
        `.agent/etc/query.yaml: llm_provider is the server ${chosen} but no 'model' is set.`,
        "Add e.g. 'model: llama3.1' (a model the server has; `ollama list` shows them).",
      );
    // No stored key goes to a server query.yaml names: query.yaml belongs to the repository, and
    // llm_api_key is usually a cloud provider's key (see cloudFrom below).
    // What a server that asks for a key (HTTP 401) is answered with: the way on, not a key to check.
    const noKey = 'use a server that needs no key: Grounded sends none to an `llm_provider` URL (keys go only to openai, gemini and gh)';
    const provider = { kind: 'openai-compatible' as const, model, baseUrl: chosen, keyHint: noKey, surface: 'cli' as const, replyLimits };
    return { provider, settings, warnings };
  }
  if (chosen && !(chosen in ENV_KEYS)) {
    throw new ConfigError(
      `.agent/etc/query.yaml: unknown llm_provider '${chosen}'.`,
      'Use openai, gemini, gh, or the URL of an OpenAI-compatible server such as http://localhost:11434/v1.',
    );
  }
  // A key goes only to its own provider: query.yaml belongs to the repository, so its base_url
  // never receives a cloud key. The user's own environment may point a provider elsewhere.
  const cloudFrom = (kind: keyof typeof ENV_KEYS, apiKey: string): ProviderSpec => {
    if (baseUrl !== undefined)
      warnings.push(
        (`.agent/etc/query.yaml: base_url is ignored for ${kind} (a ${kind} key is sent only to ${kind}'s own endpoint); to use a server of your choice, ` +
          `set llm_provider to its URL.`),
      );
    const spec = cloudSpec(kind, apiKey, model ?? '', keyHint(kind), 'cli');
    const override = env[ENDPOINT_ENV[kind]]?.trim();
    return { ...spec, ...(override ? { baseUrl: override } : {}), replyLimits };
  };
  const candidates = chosen ? [chosen as keyof typeof ENV_KEYS] : (Object.keys(ENV_KEYS) as (keyof typeof ENV_KEYS)[]);
  for (const kind of candidates) {
    const apiKey = await readKey(root, kind, env, warnings);
    if (!apiKey) continue;
    return { provider: cloudFrom(kind, apiKey), settings, warnings };
  }
  const shared = await readKeyFile(root, SHARED_KEY_FILE, warnings);
  if (shared) {
    const kind = chosen ? (chosen as keyof typeof ENV_KEYS) : kindOfSharedKey(shared);
    return { provider: cloudFrom(kind, shared), settings, warnings };
  }
  const unconfiguredReason = chosen
    ? `No API key for ${chosen}: ${keyHint(chosen as keyof typeof ENV_KEYS)}.`
    : 'No model is configured (see README: "Answering with a model").';
  return { settings, warnings, unconfiguredReason };
}
