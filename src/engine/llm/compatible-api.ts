import { ProviderError } from './types';

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

/** The 404 of a URL with no OpenAI-compatible API behind it (not a missing model). */
export function noCompatibleApiError(baseUrl: string): ProviderError {
  const tried = candidateBases(baseUrl).map((b) => `${b}/models`).join(' and ');
  return new ProviderError('not_found', `There is no OpenAI-compatible API at this URL: ${baseUrl} (HTTP 404; ${tried} did not list models).`,
    'Check `llm_provider` in .agent/etc/query.yaml (or `grounded.baseUrl`): it should name the server, e.g. http://localhost:11434 for Ollama.', 404);
}

/** The 404 of a server that has the API but not the model asked for; names the ones it has. */
export function missingModelError(api: CompatibleApi, model: string): ProviderError {
  const have = api.models.length ? `; it has ${api.models.slice(0, 10).join(', ')}${api.models.length > 10 ? ', …' : ''}` : '';
  return new ProviderError('not_found', `The server at ${api.baseUrl} has no model '${model}' (HTTP 404${have}).`,
    'Set `model` in .agent/etc/query.yaml (or `grounded.model`) to one the server has; for Ollama, `ollama pull <model>` adds one.', 404);
}
