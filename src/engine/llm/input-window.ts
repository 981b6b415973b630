/**
 * How many tokens a model takes in at once, where its server can tell. A local model's window is
 * often far smaller than Grounded's default budget (Ollama and LM Studio run most models with
 * 4,096 tokens unless told otherwise) and Ollama silently drops the start of a longer prompt: the rules
 * and the first files. So the budget is fitted to the window before anything is sent.
 */
export interface InputWindow {
  tokens: number;
  /** Who runs the model with this window, for the user-facing note ('Ollama'); undefined for a hosted model's own limit. */
  server?: string;
  /** The server did not report the window in use: `tokens` is its documented default. */
  assumed?: boolean;
  /** How the user widens the window on that server, for the same note. */
  widen?: string;
}

/** Ollama's context length when neither the model's Modelfile nor a loaded instance says otherwise (4k below 24 GiB of VRAM). */
export const OLLAMA_DEFAULT_CONTEXT = 4096;

const PROBE_TIMEOUT_MS = 5_000;

async function getJson(url: string, init: RequestInit, signal?: AbortSignal): Promise<unknown> {
  const timeout = AbortSignal.timeout(PROBE_TIMEOUT_MS);
  try {
    const res = await fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    if (!res.ok || !/json/i.test(res.headers.get('content-type') ?? '')) return undefined;
    return await res.json();
  } catch {
    return undefined;
  }
}

/**
 * Where a server's native API is (beside its OpenAI one, at the same origin) and the key it takes:
 * the key, if any, is this server's own, and a server behind an authenticating proxy wants it on every path.
 */
function serverAt(baseUrl: string, apiKey?: string): { origin: string; auth: Record<string, string> } | undefined {
  try {
    return { origin: new URL(baseUrl).origin, auth: apiKey ? { authorization: `Bearer ${apiKey}` } : {} };
  } catch {
    return undefined;
  }
}

const positive = (n: unknown): number | undefined => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : undefined);

/**
 * A Modelfile's `num_ctx` line (`PARAMETER num_ctx 8192` as /api/show lists it). The blanks before it stop at a newline:
 * `\s*` there went through every blank line after each newline, a server's 100 K blank lines costing seconds.
 */
const NUM_CTX = /(?:^|\n)[^\S\n]*num_ctx\s+(\d+)/;

/** Ollama names a model `llama3.1` or `llama3.1:latest` interchangeably. */
const sameModel = (a: unknown, b: string) => typeof a === 'string' && a.replace(/:latest$/, '') === b.replace(/:latest$/, '');

/**
 * The window Ollama gives `model`, from its native API next to the OpenAI one: a loaded instance's
 * `context_length` (`GET /api/ps`) is the window in use; otherwise the Modelfile's `num_ctx`
 * (`POST /api/show`); otherwise Ollama's default, marked assumed. Never more than the model was
 * trained for (`model_info.*.context_length`). Undefined for a server that is not Ollama.
 */
export async function ollamaInputWindow(baseUrl: string, model: string, apiKey?: string, signal?: AbortSignal): Promise<InputWindow | undefined> {
  const server = serverAt(baseUrl, apiKey);
  if (!server) return undefined;
  const { origin, auth } = server;
  const headers = { 'content-type': 'application/json', ...auth };
  const show = (await getJson(`${origin}/api/show`, { method: 'POST', headers, body: JSON.stringify({ model }) }, signal)) as
    | { parameters?: unknown; model_info?: Record<string, unknown> }
    | undefined;
  if (!show || typeof show !== 'object' || (show.model_info === undefined && show.parameters === undefined)) return undefined;
  const trained = Object.entries(show.model_info ?? {}).find(([k]) => k.endsWith('.context_length'))?.[1];
  const numCtx = typeof show.parameters === 'string' ? NUM_CTX.exec(show.parameters)?.[1] : undefined;
  const ps = (await getJson(`${origin}/api/ps`, { headers }, signal)) as { models?: Array<Record<string, unknown>> } | undefined;
  const loaded = Array.isArray(ps?.models) ? ps.models.find((m) => sameModel(m?.model, model) || sameModel(m?.name, model)) : undefined;
  const inUse = positive(loaded?.context_length) ?? positive(Number(numCtx));
  const tokens = Math.min(inUse ?? OLLAMA_DEFAULT_CONTEXT, positive(trained) ?? Infinity);
  return { tokens, server: 'Ollama', ...(inUse ? {} : { assumed: true }), widen: OLLAMA_WIDEN };
}

const OLLAMA_WIDEN = '`OLLAMA_CONTEXT_LENGTH=16384 ollama serve`, or `PARAMETER num_ctx 16384` in a Modelfile';
const LLAMA_CPP_WIDEN = 'start `llama-server` with a larger `--ctx-size` (`-c 16384`), or fewer `--parallel` slots';

/**
 * The window of a llama.cpp server (`llama-server`, which serves one model): `GET /props` gives each
 * request slot's context, `default_generation_settings.n_ctx`. Undefined for any other server.
 */
export async function llamaCppInputWindow(baseUrl: string, apiKey?: string, signal?: AbortSignal): Promise<InputWindow | undefined> {
  const server = serverAt(baseUrl, apiKey);
  if (!server) return undefined;
  const props = (await getJson(`${server.origin}/props`, { headers: server.auth }, signal)) as
    | { default_generation_settings?: { n_ctx?: unknown } }
    | undefined;
  const tokens = positive(props?.default_generation_settings?.n_ctx);
  return tokens ? { tokens, server: 'llama.cpp', widen: LLAMA_CPP_WIDEN } : undefined;
}

/** LM Studio loads a model with 4,096 tokens of context unless its load settings say otherwise. */
export const LM_STUDIO_DEFAULT_CONTEXT = 4096;
const LM_STUDIO_WIDEN = '`lms load MODEL --context-length 16384`, or a larger Context Length in the model\'s load settings';

interface LmStudioModel {
  key?: unknown;
  id?: unknown;
  loaded_instances?: Array<{ id?: unknown; config?: { context_length?: unknown } }>;
  max_context_length?: unknown;
}

/**
 * The window LM Studio gives `model`: a loaded instance's `config.context_length` from its native
 * API (`GET /api/v1/models`, LM Studio 0.4+); a model not loaded yet gets LM Studio's default,
 * marked assumed, never more than its `max_context_length`. LM Studio 0.3.x only has
 * `GET /api/v0/models/{model}`, which gives the trained maximum alone: the default is assumed
 * under it. Undefined for any other server.
 */
export async function lmStudioInputWindow(baseUrl: string, model: string, apiKey?: string, signal?: AbortSignal): Promise<InputWindow | undefined> {
  const server = serverAt(baseUrl, apiKey);
  if (!server) return undefined;
  const v1 = (await getJson(`${server.origin}/api/v1/models`, { headers: server.auth }, signal)) as { models?: LmStudioModel[] } | undefined;
  let entry: LmStudioModel | undefined;
  if (Array.isArray(v1?.models)) {
    entry = v1.models.find((m) => m?.key === model || m?.loaded_instances?.some((i) => i?.id === model));
  } else {
    entry = (await getJson(`${server.origin}/api/v0/models/${encodeURIComponent(model)}`, { headers: server.auth }, signal)) as LmStudioModel | undefined;
    if (entry?.id !== model) entry = undefined;
  }
  if (!entry) return undefined;
  const instance = entry.loaded_instances?.find((i) => i?.id === model) ?? entry.loaded_instances?.[0];
  const inUse = positive(instance?.config?.context_length);
  const tokens = Math.min(inUse ?? LM_STUDIO_DEFAULT_CONTEXT, positive(entry.max_context_length) ?? Infinity);
  return { tokens, server: 'LM Studio', ...(inUse ? {} : { assumed: true }), widen: LM_STUDIO_WIDEN.replace('MODEL', model) };
}

/**
 * The window a local server gives `model`: Ollama's, else llama.cpp's, else LM Studio's; undefined for
 * servers that do not say. Each asks a path the others answer 404, so the three go out at once.
 */
export async function localServerInputWindow(baseUrl: string, model: string, apiKey?: string, signal?: AbortSignal): Promise<InputWindow | undefined> {
  const [ollama, llamaCpp, lmStudio] = await Promise.all([
    ollamaInputWindow(baseUrl, model, apiKey, signal),
    llamaCppInputWindow(baseUrl, apiKey, signal),
    lmStudioInputWindow(baseUrl, model, apiKey, signal),
  ]);
  return ollama ?? llamaCpp ?? lmStudio;
}

/** A server does not turn into Ollama, llama.cpp or LM Studio: a "no" is kept for ten minutes; a window in use, a minute (a reload can change it). */
const NOT_OLLAMA_TTL_MS = 600_000;
const WINDOW_TTL_MS = 60_000;
const known = new Map<string, { at: number; value: InputWindow | undefined }>();

/**
 * localServerInputWindow, remembered per server and model: providers are made per question, and a hosted
 * OpenAI-compatible API should not pay a 404 round trip before every answer. An assumed window
 * (the model not loaded yet) is asked again next time, when the loaded model can report its own.
 */
export async function cachedInputWindow(baseUrl: string, model: string, apiKey?: string, signal?: AbortSignal): Promise<InputWindow | undefined> {
  const key = `${baseUrl}\n${model}`;
  const hit = known.get(key);
  if (hit && Date.now() - hit.at < (hit.value ? WINDOW_TTL_MS : NOT_OLLAMA_TTL_MS)) return hit.value;
  const value = await localServerInputWindow(baseUrl, model, apiKey, signal);
  if (!value?.assumed) known.set(key, { at: Date.now(), value });
  return value;
}

/** Forgets what servers said about their windows (tests that play one server several ways). */
export function forgetInputWindows(): void {
  known.clear();
}
