import type { Surface } from '../config/provider-endpoints';
import { ProviderError } from './types';

/** What the error messages name so the user knows what to fix. */
export interface ProviderIdentity {
  id: string;
  model: string;
  baseUrl?: string;
  /** Where the key comes from, e.g. "OPENAI_API_KEY or .agent/secrets/openai_api_key" or "Grounded: Set API Key". */
  keyHint: string;
  /** False when no key was sent (a local server set up without one): a 401 then asks for a key, it rejected none. */
  keySent?: boolean;
  /** Whose settings the fixes name (changeIn). */
  surface?: Surface;
}

/** The two settings a provider's fix can name. */
export type FixedSetting = 'baseUrl' | 'model';

/** How each surface changes them: VS Code by its command (the button under a failed answer) or setting, the CLI in its file. */
const IN_VSCODE: Record<FixedSetting, string> = {
  baseUrl: 'run "Grounded: Select Provider and Model", or set `grounded.baseUrl`',
  model: 'run "Grounded: Select Provider and Model", or set `grounded.model`',
};
const IN_CLI: Record<FixedSetting, string> = { baseUrl: '`llm_provider`', model: '`model`' };

/**
 * Where a setting is changed, on the surface that asked: a VS Code user should not have to know
 * what query.yaml is, nor a CLI user what a VS Code setting is. A message made for no surface in
 * particular names both, each said as such.
 */
export function changeIn(setting: FixedSetting, surface: Surface | undefined): string {
  if (surface === 'vscode') return IN_VSCODE[setting];
  if (surface === 'cli') return `${IN_CLI[setting]} in .agent/etc/query.yaml`;
  return `${IN_VSCODE[setting]} in VS Code; ${IN_CLI[setting]} in .agent/etc/query.yaml for the CLI`;
}

/** `Retry-After` in seconds or as an HTTP date → milliseconds from `now`. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Gemini's `RetryInfo.retryDelay` ("2s", "1.5s") from an error's details. */
export function geminiRetryDelay(details: unknown): number | undefined {
  if (!Array.isArray(details)) return undefined;
  for (const d of details) {
    const delay = (d as { retryDelay?: unknown })?.retryDelay;
    if (typeof delay === 'string' && /^\d+(\.\d+)?s$/.test(delay)) return Number(delay.slice(0, -1)) * 1000;
  }
  return undefined;
}

function isAbort(err: unknown): boolean {
  const name = (err as { name?: string })?.name ?? '';
  return (
    name === 'AbortError' || name === 'APIUserAbortError' || name === 'GoogleGenerativeAIAbortError' || /abort/i.test(String((err as Error)?.message ?? ''))
  );
}

/** The one error every surface shows for a request the user stopped. */
export function cancelledError(): ProviderError {
  return new ProviderError('cancelled', 'The request was cancelled.', 'Ask again when you are ready.');
}

/** An abort that a clock caused (`AbortSignal.timeout`), not the user: the reason is a DOMException named TimeoutError. */
function isTimeout(reasonOrError: unknown): boolean {
  return (reasonOrError as { name?: string } | undefined)?.name === 'TimeoutError';
}

/**
 * A request that Grounded gave up waiting for (the setup's model list or test request): the server
 * took the connection but sent nothing in time. Said as such, never as "cancelled", which reads as
 * something the user did.
 */
export function noReplyError(who: ProviderIdentity): ProviderError {
  const name = who.baseUrl ?? CLOUD_NAMES[who.id] ?? 'the server';
  return new ProviderError('network', `No reply from ${name} in time; Grounded stopped waiting.`,
    'A local model may still be loading: try again in a moment. If it never replies, check that the base URL points at the model\'s server.');
}

/**
 * A 200 that carried no answer: not an event stream, or a stream that ended with neither text nor
 * a finish reason. Without this the caller would show an empty answer as a success.
 */
export function emptyResponseError(who: ProviderIdentity, what: string): ProviderError {
  return new ProviderError('malformed', `${providerLabel(who)} sent a response Grounded could not read: ${what}.`, who.baseUrl
    ? 'Check that the base URL points at an OpenAI-compatible API (it usually ends in /v1) and that the server finished the answer.'
    : 'The provider sent no answer; try again shortly.');
}

const NETWORK_CODES = /ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|fetch failed|Connection error|socket hang up/i;

function causeText(err: unknown): string {
  let text = '';
  for (let e: unknown = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    text += ` ${(e as { code?: string }).code ?? ''} ${(e as Error).message ?? ''}`;
  }
  return text;
}

const CLOUD_NAMES: Record<string, string> = { openai: 'OpenAI', gemini: 'Google Gemini', gh: 'GitHub Models' };

/**
 * The provider as a person names it, at the start of a sentence: "OpenAI", "The server at
 * http://localhost:11434/v1", never the setting's value ("openai-compatible rejected …").
 */
export function providerLabel(who: Pick<ProviderIdentity, 'id' | 'baseUrl'>): string {
  const cloud = CLOUD_NAMES[who.id];
  if (cloud) return who.baseUrl ? `${cloud} at ${who.baseUrl}` : cloud;
  if (who.id === 'openai-compatible') return who.baseUrl ? `The server at ${who.baseUrl}` : 'The OpenAI-compatible server';
  return who.id;
}

/**
 * A provider that did not answer at the network level. Only an OpenAI-compatible server has a base
 * URL the user chose; OpenAI, Gemini and GitHub Models always use their own endpoint (the base URL
 * setting does not apply to them), so for those the fix is the network or a proxy, never the URL.
 */
export function unreachableError(who: ProviderIdentity): ProviderError {
  if (who.id === 'openai-compatible' && who.baseUrl) {
    return new ProviderError('network', `Could not reach ${who.baseUrl}.`,
      `Is the server running? If it listens elsewhere, change the base URL (${changeIn('baseUrl', who.surface)}).`);
  }
  const name = CLOUD_NAMES[who.id] ?? who.id;
  return new ProviderError('network', `Could not reach ${name}${who.baseUrl ? ` (${who.baseUrl})` : ''}.`,
    'Check the network connection, and the proxy if this network needs one (in VS Code: the `http.proxy` setting or the HTTPS_PROXY variable).');
}

/** Maps an HTTP status to the error the user sees, naming the setting or key to fix. */
export function errorForStatus(status: number, who: ProviderIdentity, retryAfterMs?: number, detail = ''): ProviderError {
  const name = providerLabel(who);
  const suffix = detail ? ` (${detail.slice(0, 200)})` : '';
  // The wait is in the message because a wait too long to retry (retry.ts) fails at once with this text.
  // What to do about it is the suggestion's to say, once: "try again later" here and "Wait a moment and ask
  // again" after it told the user the same thing twice.
  const seconds = retryAfterMs ? Math.ceil(retryAfterMs / 1000) : undefined;
  const wait = seconds ? ` and asks to wait ${seconds} s` : '';
  if ((status === 401 || status === 403) && who.keySent === false) {
    const how = who.keyHint.charAt(0).toUpperCase() + who.keyHint.slice(1);
    return new ProviderError('auth', `${name} asks for an API key (HTTP ${status})${suffix}, and none is set for it.`, `${how}.`, status, undefined, true);
  }
  if (status === 401 || status === 403) {
    return new ProviderError('auth', `${name} rejected the API key (HTTP ${status})${suffix}.`, `Check the key: ${who.keyHint}.`, status);
  }
  if (status === 404) {
    return new ProviderError(
      'not_found',
      `${name} has no model '${who.model}' (HTTP 404)${suffix}.`,
      `Choose an existing model (${changeIn('model', who.surface)}).`,
      status,
    );
  }
  if (status === 429) {
    return new ProviderError(
      'rate_limited',
      `${name} is rate limiting requests (HTTP 429)${suffix}${wait}.`,
      `${seconds ? `Wait ${seconds} s` : 'Wait a moment'} and ask again, or raise your plan's rate limit.`,
      status,
      retryAfterMs,
    );
  }
  if (status >= 500) {
    return new ProviderError(
      'server',
      `${name} failed with HTTP ${status}${suffix}${wait}.`,
      'The provider is having trouble; try again shortly.',
      status,
      retryAfterMs,
    );
  }
  const url = who.baseUrl ? ` and the base URL ${who.baseUrl} (${changeIn('baseUrl', who.surface)})` : '';
  return new ProviderError(
    'bad_request',
    `${name} refused the request (HTTP ${status})${suffix}.`,
    `Check the model '${who.model}' (${changeIn('model', who.surface)})${url}; the request was not retried.`,
    status,
  );
}

/**
 * Turns whatever an SDK threw into a ProviderError. HTTP errors keep their status and retry hint;
 * connection failures become `network` (the caller falls back to snippets); aborts become `cancelled`.
 * `signal` is the truth about cancellation: SDKs wrap an abort mid-stream in unrelated errors
 * (Gemini's "Error reading from the stream"), which must not read as a malformed response.
 */
export function toProviderError(err: unknown, who: ProviderIdentity, signal?: AbortSignal): ProviderError {
  if (signal?.aborted && isTimeout(signal.reason)) return noReplyError(who);
  if (signal?.aborted || (err instanceof ProviderError && err.kind === 'cancelled')) return cancelledError();
  if (err instanceof ProviderError) return err;
  if (isTimeout(err)) return noReplyError(who);
  if (isAbort(err)) return cancelledError();
  const e = err as { status?: number; headers?: { get?: (k: string) => string | null } | Record<string, string>; errorDetails?: unknown; message?: string };
  if (typeof e?.status === 'number' && e.status > 0) {
    const headers = e.headers;
    const retryHeader = headers && typeof (headers as { get?: unknown }).get === 'function'
      ? (headers as { get: (k: string) => string | null }).get('retry-after')
      : (headers as Record<string, string> | undefined)?.['retry-after'];
    const retryAfterMs = parseRetryAfter(retryHeader) ?? geminiRetryDelay(e.errorDetails);
    return errorForStatus(e.status, who, retryAfterMs);
  }
  const text = causeText(err);
  if (NETWORK_CODES.test(text)) return unreachableError(who);
  return new ProviderError(
    'malformed',
    `${providerLabel(who)} sent a response Grounded could not read: ${(e?.message ?? String(err)).slice(0, 200)}`,
    'Check that the base URL points at a compatible API.',
  );
}
