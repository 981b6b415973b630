import OpenAI from 'openai';
import { changeIn, toProviderError, type ProviderIdentity } from './errors';
import type { Surface } from '../config/provider-endpoints';
import { ProviderError } from './types';

const LIST_TIMEOUT_MS = 15_000;

/** Where an OpenAI-compatible API answered, and the models it lists. */
export interface CompatibleApi {
  baseUrl: string;
  models: string[];
}

/**
 * The base URLs worth trying for a server the user named: as written, then with `/v1`
 * appended (the seed writes Ollama as `http://localhost:11434`, whose OpenAI API is under `/v1`).
 */
export function candidateBases(baseUrl: string): string[] {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return /\/v1$/i.test(trimmed) ? [trimmed] : [trimmed, `${trimmed}/v1`];
}

async function listModels(base: string, signal?: AbortSignal): Promise<string[] | undefined> {
  try {
    const res = await fetch(`${base}/models`, { signal: signal ?? AbortSignal.timeout(10_000), headers: { accept: 'application/json' } });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { data?: Array<{ id?: unknown }> };
    if (!Array.isArray(body?.data)) return undefined;
    return body.data.map((m) => m?.id).filter((id): id is string => typeof id === 'string');
  } catch {
    return undefined;
  }
}

/**
 * Finds the OpenAI-compatible API of a server by asking each candidate base for its model list
 * (`GET <base>/models`, which every such server has). Undefined when none answers like one.
 */
export async function findCompatibleApi(baseUrl: string, signal?: AbortSignal): Promise<CompatibleApi | undefined> {
  for (const base of candidateBases(baseUrl)) {
    const models = await listModels(base, signal);
    if (models) return { baseUrl: base, models };
  }
  return undefined;
}

/**
 * `GET /models` of a server the user named, through the SDK (its key, if any, as a Bearer token),
 * trying `<url>/v1` after a 404. The list is in the server's order: a server with one model loaded
 * (llama.cpp, vLLM, LM Studio) lists that one first. A bad key or a dead server is thrown as the
 * answer; only 404s everywhere give `undefined` (no model list at this URL).
 */
export async function listCompatibleModels(
  who: ProviderIdentity & { baseUrl: string; apiKey?: string },
  signal?: AbortSignal,
): Promise<CompatibleApi | undefined> {
  for (const baseURL of candidateBases(who.baseUrl)) {
    const client = new OpenAI({ apiKey: who.apiKey || 'not-needed', baseURL, maxRetries: 0, timeout: LIST_TIMEOUT_MS });
    try {
      const ids: string[] = [];
      for await (const m of client.models.list({ signal: signal ?? AbortSignal.timeout(LIST_TIMEOUT_MS) })) ids.push(m.id);
      return { baseUrl: baseURL, models: ids };
    } catch (err) {
      const error = toProviderError(err, { ...who, baseUrl: baseURL }, signal);
      // Only a 404 means "not here, maybe under /v1": a bad key or a dead server is the answer.
      if (error.kind !== 'not_found') throw error;
    }
  }
  return undefined;
}

/**
 * No model is configured, the server's model list named none, and its API wants one. (A server with
 * no model list at all is `noCompatibleApiError`: it is no OpenAI-compatible API.)
 */
export function noModelNameError(baseUrl: string, surface?: Surface): ProviderError {
  return new ProviderError('bad_request', `The server at ${baseUrl} needs a model name: none is set and its model list (${baseUrl}/models) is empty.`,
    `Choose a model the server has (${changeIn('model', surface)}); `
      + 'for Ollama, `ollama pull llama3.1` adds one.');
}

/** The 404 of a URL with no OpenAI-compatible API behind it (not a missing model). */
export function noCompatibleApiError(baseUrl: string, surface?: Surface): ProviderError {
  const tried = candidateBases(baseUrl).map((b) => `${b}/models`).join(' and ');
  return new ProviderError('not_found', `There is no OpenAI-compatible API at this URL: ${baseUrl} (HTTP 404; ${tried} did not list models).`,
    `Check the base URL (${changeIn('baseUrl', surface)}): it should name the server, e.g. http://localhost:11434 for Ollama.`, 404);
}

/** The 404 of a server that has the API but not the model asked for; names the ones it has. */
export function missingModelError(api: CompatibleApi, model: string, surface?: Surface): ProviderError {
  const have = api.models.length ? `; it has ${api.models.slice(0, 10).join(', ')}${api.models.length > 10 ? ', …' : ''}` : '';
  return new ProviderError('not_found', `The server at ${api.baseUrl} has no model '${model}' (HTTP 404${have}).`,
    `Choose one the server has (${changeIn('model', surface)}); `
      + 'for Ollama, `ollama pull <model>` adds one.', 404);
}
