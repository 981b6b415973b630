import OpenAI from 'openai';
import type { ProviderSpec } from '../config/provider-endpoints';
import { createScrubber } from '../privacy/scrubber';
import { candidateBases } from './compatible-api';
import { errorForStatus, toProviderError } from './errors';
import { ProviderError, type Provider } from './types';

const GEMINI_API = 'https://generativelanguage.googleapis.com';
const LIST_TIMEOUT_MS = 15_000;
const TEST_TIMEOUT_MS = 30_000;

/**
 * The models a provider offers, for the setup's model picker: `GET /models` of OpenAI and of an
 * OpenAI-compatible server (trying `<url>/v1` too, as for Ollama), Gemini's model list (only
 * models that generate content). Throws a ProviderError naming the cause (bad key, no server).
 */
export async function listProviderModels(spec: Omit<ProviderSpec, 'model'>, signal?: AbortSignal): Promise<string[]> {
  const who = { id: spec.kind, model: '', baseUrl: spec.baseUrl, keyHint: spec.keyHint };
  const timeout = signal ?? AbortSignal.timeout(LIST_TIMEOUT_MS);
  if (spec.kind === 'gemini') {
    const res = await fetch(`${(spec.baseUrl ?? GEMINI_API).replace(/\/+$/, '')}/v1beta/models?pageSize=1000`, {
      headers: { 'x-goog-api-key': spec.apiKey ?? '' },
      signal: timeout,
    }).catch((err: unknown) => {
      throw toProviderError(err, who, signal);
    });
    if (!res.ok) throw errorForStatus(res.status, who);
    const body = (await res.json()) as { models?: Array<{ name?: string; supportedGenerationMethods?: string[] }> };
    return (body.models ?? [])
      .filter((m) => m.supportedGenerationMethods?.includes('generateContent'))
      .map((m) => String(m.name).replace(/^models\//, ''))
      .sort();
  }
  let last: ProviderError | undefined;
  for (const baseURL of spec.kind === 'openai-compatible' && spec.baseUrl ? candidateBases(spec.baseUrl) : [spec.baseUrl]) {
    const client = new OpenAI({ apiKey: spec.apiKey || 'not-needed', baseURL, maxRetries: 0, timeout: LIST_TIMEOUT_MS });
    try {
      const ids: string[] = [];
      for await (const m of client.models.list({ signal: timeout })) ids.push(m.id);
      return ids.sort();
    } catch (err) {
      last = toProviderError(err, { ...who, baseUrl: baseURL }, signal);
      // Only a 404 means "not here, maybe under /v1": a bad key or a dead server is the answer.
      if (last.kind !== 'not_found') throw last;
    }
  }
  throw last ?? new ProviderError('not_found', `No model list at ${spec.baseUrl}.`, 'Check the base URL.');
}

export type ConnectionResult = { ok: true; reply: string } | { ok: false; error: ProviderError };

/**
 * One small request to the chosen model ("reply OK"), the last step of the setup: proves the key,
 * the URL and the model together. Nothing from the workspace is sent; the prompt still passes
 * the scrubber like every byte that goes to a model.
 */
export async function testConnection(provider: Provider, signal?: AbortSignal): Promise<ConnectionResult> {
  const prompt = createScrubber().scrub('This is a connection test from Grounded. Reply with the single word OK.').text;
  const deadline = signal ?? AbortSignal.timeout(TEST_TIMEOUT_MS);
  try {
    let reply = '';
    for await (const ev of provider.stream({ messages: [{ role: 'user', content: prompt }], signal: deadline })) {
      if (ev.type === 'text') reply += ev.text;
    }
    return { ok: true, reply: reply.trim().slice(0, 80) };
  } catch (err) {
    return { ok: false, error: err instanceof ProviderError ? err : toProviderError(err, { id: provider.id, model: provider.model, keyHint: '' }, signal) };
  }
}
