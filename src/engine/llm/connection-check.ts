import OpenAI from 'openai';
import type { ProviderSpec } from '../config/provider-endpoints';
import { createScrubber } from '../privacy/scrubber';
import { listCompatibleModels, noCompatibleApiError } from './compatible-api';
import { errorForStatus, toProviderError } from './errors';
import { createProvider } from './factory';
import { ProviderError, type Provider } from './types';

const GEMINI_API = 'https://generativelanguage.googleapis.com';
const LIST_TIMEOUT_MS = 15_000;
const TEST_TIMEOUT_MS = 30_000;

/**
 * The models a provider offers, for the setup's model picker: `GET /models` of OpenAI and of an
 * OpenAI-compatible server (trying `<url>/v1` too, as for Ollama), Gemini's model list (only
 * models that generate content). Throws a ProviderError naming the cause (bad key, no server).
 */
export async function listProviderModels(spec: Omit<ProviderSpec, 'model'>, signal?: AbortSignal, timeoutMs = LIST_TIMEOUT_MS): Promise<string[]> {
  const who = { id: spec.kind, model: '', baseUrl: spec.baseUrl, keyHint: spec.keyHint, keySent: Boolean(spec.apiKey), surface: spec.surface };
  // Our own clock's abort is told apart from the caller's by its reason (TimeoutError): "no reply in time", not "cancelled".
  const timeout = signal ?? AbortSignal.timeout(timeoutMs);
  if (spec.kind === 'gemini') {
    const res = await fetch(`${(spec.baseUrl ?? GEMINI_API).replace(/\/+$/, '')}/v1beta/models?pageSize=1000`, {
      headers: { 'x-goog-api-key': spec.apiKey ?? '' },
      signal: timeout,
    }).catch((err: unknown) => {
      throw toProviderError(err, who, timeout);
    });
    if (!res.ok) throw errorForStatus(res.status, who);
    const body = (await res.json()) as { models?: Array<{ name?: string; supportedGenerationMethods?: string[] }> };
    return (body.models ?? [])
      .filter((m) => m.supportedGenerationMethods?.includes('generateContent'))
      .map((m) => String(m.name).replace(/^models\//, ''))
      .sort();
  }
  if (spec.kind === 'openai-compatible' && spec.baseUrl) {
    const api = await listCompatibleModels({ ...who, baseUrl: spec.baseUrl, apiKey: spec.apiKey }, timeout);
    if (!api) throw noCompatibleApiError(spec.baseUrl, spec.surface);
    return [...api.models].sort();
  }
  const client = new OpenAI({ apiKey: spec.apiKey || 'not-needed', baseURL: spec.baseUrl, maxRetries: 0, timeout: timeoutMs });
  try {
    const ids: string[] = [];
    for await (const m of client.models.list({ signal: timeout })) ids.push(m.id);
    return ids.sort();
  } catch (err) {
    throw toProviderError(err, who, timeout);
  }
}

export type ConnectionResult = { ok: true; reply: string } | { ok: false; error: ProviderError };

/**
 * One small request to the chosen model ("reply OK"), the last step of the setup: proves the key,
 * the URL and the model together. Nothing from the workspace is sent; the prompt still passes
 * the scrubber like every byte that goes to a model.
 */
export async function testConnection(provider: Provider, signal?: AbortSignal, timeoutMs = TEST_TIMEOUT_MS): Promise<ConnectionResult> {
  const prompt = createScrubber().scrub('This is a connection test from Grounded. Reply with the single word OK.').text;
  const deadline = signal ?? AbortSignal.timeout(timeoutMs);
  try {
    let reply = '';
    for await (const ev of provider.stream({ messages: [{ role: 'user', content: prompt }], signal: deadline })) {
      if (ev.type === 'text') reply += ev.text;
    }
    return { ok: true, reply: reply.trim().slice(0, 80) };
  } catch (err) {
    const who = { id: provider.id, model: provider.model, keyHint: '' };
    // A provider maps an abort to "cancelled" by itself; when the abort was our clock's, it is a server that did not reply.
    if (!signal && deadline.aborted) return { ok: false, error: toProviderError(err, who, deadline) };
    return { ok: false, error: err instanceof ProviderError ? err : toProviderError(err, who, signal) };
  }
}

/** What a user can do about a failed check; each surface turns these into its own buttons. */
export type Remedy = 'retry' | 'change-url' | 'set-key' | 'choose-model' | 'choose-provider' | 'show-logs';

/**
 * The remedies that fit a failure, most likely first. A server that cannot be reached needs it
 * started or its URL changed, not a key; a rejected key needs a key; a missing model needs a model.
 */
export function remediesFor(kind: ProviderError['kind'] | 'unconfigured', provider: string): Remedy[] {
  const local = provider === 'openai-compatible';
  switch (kind) {
    case 'network':
      return local ? ['retry', 'change-url', 'choose-provider'] : ['retry', 'choose-provider', 'show-logs'];
    case 'auth':
      return ['set-key', 'choose-provider'];
    case 'not_found':
    case 'bad_request':
      return local ? ['choose-model', 'change-url', 'show-logs'] : ['choose-model', 'show-logs'];
    case 'rate_limited':
    case 'server':
      return ['retry', 'show-logs'];
    case 'unconfigured':
      return local ? ['change-url', 'choose-provider'] : ['set-key', 'choose-provider'];
    default:
      return ['retry', 'choose-provider', 'show-logs'];
  }
}

export type KeyVerdict = 'valid' | 'rejected' | 'unreachable' | 'failed';

/**
 * Checks a key just stored: the provider's model list (free, and it needs the key), or for GitHub
 * Models, which has no such list, one small test request. The result text never holds the key,
 * even if a server echoed it back in an error.
 */
export async function checkKey(spec: ProviderSpec, signal?: AbortSignal): Promise<{ verdict: KeyVerdict; detail: string }> {
  let error: ProviderError | undefined;
  if (spec.kind === 'gh') {
    const result = await testConnection(createProvider(spec), signal);
    if (!result.ok) error = result.error;
  } else {
    await listProviderModels(spec, signal).catch((err: unknown) => {
      const who = { id: spec.kind, model: spec.model, keyHint: spec.keyHint, surface: spec.surface };
      error = err instanceof ProviderError ? err : toProviderError(err, who, signal);
    });
  }
  if (!error) return { verdict: 'valid', detail: '' };
  const verdict: KeyVerdict = error.kind === 'auth' ? 'rejected' : error.kind === 'network' ? 'unreachable' : 'failed';
  const text = `${error.message} ${error.suggestion}`.trim();
  return { verdict, detail: spec.apiKey ? text.split(spec.apiKey).join('[key]') : text };
}
