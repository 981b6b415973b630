import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { SERVER_DEFAULT_MODEL, type Surface } from '../config/provider-endpoints';
import { findCompatibleApi, listCompatibleModels, missingModelError, noCompatibleApiError, noModelNameError } from './compatible-api';
import { cancelledError, emptyResponseError, toProviderError, type ProviderIdentity } from './errors';
import { cachedInputWindow, type InputWindow } from './input-window';
import { limitReply, type ReplyLimits } from './reply-limits';
import type { ChatMessage, Provider, ProviderError, ProviderEvent, ProviderRequest } from './types';

/** A message on the wire: native tool calls as assistant `tool_calls`, their results as `role: tool`. */
function toWire(m: ChatMessage): ChatCompletionMessageParam {
  if (m.role === 'tool') return { role: 'tool', tool_call_id: m.toolCallId, content: m.content };
  if (m.role === 'assistant' && m.toolCall) {
    const { id, name, arguments: args } = m.toolCall;
    return { role: 'assistant', content: m.content || null, tool_calls: [{ id, type: 'function', function: { name, arguments: args } }] };
  }
  return { role: m.role, content: m.content };
}

export interface OpenAIProviderOptions {
  /** 'openai' | 'openai-compatible' | 'gh' */
  id: string;
  model: string;
  apiKey?: string;
  baseUrl?: string;
  keyHint: string;
  surface?: Surface;
  timeoutMs?: number;
  /** Idle timeout and deadline of one reply (see limitReply). */
  replyLimits?: Partial<ReplyLimits>;
}

/**
 * OpenAI chat completions through the `openai` SDK, streamed. The same class serves OpenAI,
 * GitHub Models and any OpenAI-compatible server (Ollama, LM Studio, vLLM, llama.cpp), which
 * differ only in base URL and key. The SDK's own retries are off: retrying is ours (llm/retry.ts).
 */
export class OpenAIChatProvider implements Provider {
  readonly id: string;
  private client: OpenAI;
  private readonly who: ProviderIdentity;
  private readonly opts: OpenAIProviderOptions;
  /** Set once a 404 made us look for the server's OpenAI-compatible API (and found it elsewhere, or not at all). */
  private located = false;
  private readonly limits?: Partial<ReplyLimits>;
  /**
   * The model sent: the configured one, or for an OpenAI-compatible server with none configured
   * the one its `GET /models` names (undefined until asked, and when it names none).
   */
  private wireModel?: string;
  /** Whether the server was asked for its default model (only when none is configured). */
  private askedDefault: boolean;

  constructor(opts: OpenAIProviderOptions) {
    this.limits = opts.replyLimits;
    this.id = opts.id;
    this.opts = opts;
    this.wireModel = opts.model || undefined;
    this.askedDefault = Boolean(opts.model) || opts.id !== 'openai-compatible' || !opts.baseUrl;
    this.client = this.clientFor(opts.baseUrl);
    this.who = { id: opts.id, model: this.model, baseUrl: opts.baseUrl, keyHint: opts.keyHint, keySent: Boolean(opts.apiKey), surface: opts.surface };
  }

  /** The model's name; "server's default model" until the server named it. */
  get model(): string {
    return this.wireModel ?? SERVER_DEFAULT_MODEL;
  }

  private useBase(baseUrl: string): void {
    if (baseUrl === this.client.baseURL.replace(/\/+$/, '')) return;
    this.client = this.clientFor(baseUrl);
    this.who.baseUrl = baseUrl;
  }

  /**
   * No model is configured: the server's own list names it (the first, which is the loaded one on
   * servers that serve one). A server that lists none is still sent the request without a model,
   * since some (llama.cpp) need none; refuseUnnamed() explains a refusal.
   */
  private async askDefaultModel(signal?: AbortSignal): Promise<void> {
    if (this.askedDefault) return;
    // A failed list (a retried 5xx, a dead server) is asked again next time, never skipped.
    const api = await listCompatibleModels({ ...this.who, baseUrl: this.opts.baseUrl!, apiKey: this.opts.apiKey }, signal);
    this.askedDefault = true;
    if (api) this.useBase(api.baseUrl);
    if (api?.models.length) this.wireModel = api.models[0];
    this.who.model = this.model;
    // The model list already says where the API is, or that there is none: a 404 needs no second search.
    this.located = true;
    if (!api) throw noCompatibleApiError(this.opts.baseUrl!, this.opts.surface);
  }

  private clientFor(baseURL: string | undefined): OpenAI {
    // Local servers need no key, but the SDK insists on one; it is never sent anywhere else.
    return new OpenAI({ apiKey: this.opts.apiKey || 'no-key', baseURL, maxRetries: 0, timeout: this.opts.timeoutMs ?? 120_000 });
  }

  /**
   * A 404 from a server the user named by URL means either a wrong path (the seed's Ollama URL has
   * no `/v1`) or a missing model; the model list tells which. A found API at another path becomes
   * this provider's base URL and the request is sent again, once.
   */
  private async recoverFrom404(err: unknown, request: ProviderRequest): Promise<boolean> {
    if (this.located || this.id !== 'openai-compatible' || !this.opts.baseUrl || (err as { status?: number })?.status !== 404) return false;
    this.located = true;
    const api = await findCompatibleApi(this.opts.baseUrl, request.signal);
    if (!api) throw noCompatibleApiError(this.opts.baseUrl, this.opts.surface);
    if (api.models.length && !api.models.includes(this.model)) throw missingModelError(api, this.model, this.opts.surface);
    if (api.baseUrl === this.client.baseURL.replace(/\/+$/, '')) return false;
    this.useBase(api.baseUrl);
    return true;
  }

  /** An OpenAI-compatible server may be Ollama or llama.cpp, whose window is often far below the default budget. */
  async inputWindow(signal?: AbortSignal): Promise<InputWindow | undefined> {
    if (this.id !== 'openai-compatible' || !this.opts.baseUrl) return undefined;
    try {
      await this.askDefaultModel(signal);
    } catch {
      return undefined;
    }
    if (!this.wireModel) return undefined;
    return cachedInputWindow(this.who.baseUrl ?? this.opts.baseUrl, this.wireModel, this.opts.apiKey, signal);
  }

  stream(request: ProviderRequest): AsyncIterable<ProviderEvent> {
    return limitReply((signal) => this.reply({ ...request, signal }, request.signal), {
      who: `${this.id} (${this.model})`,
      signal: request.signal,
      limits: this.limits,
      surface: this.opts.surface,
    });
  }

  /** One streamed reply; `userSignal` is the caller's own (an abort by it is a cancellation, not a timeout). */
  private async *reply(request: ProviderRequest, userSignal: AbortSignal | undefined): AsyncIterable<ProviderEvent> {
    try {
      await this.askDefaultModel(request.signal);
    } catch (err) {
      throw toProviderError(err, this.who, userSignal);
    }
    let stream;
    try {
      stream = await this.open(request);
    } catch (err) {
      try {
        if (!(await this.recoverFrom404(err, request))) throw err;
        stream = await this.open(request);
      } catch (again) {
        throw this.refuseUnnamed(toProviderError(again, this.who, userSignal));
      }
    }
    yield* this.read(stream, request, userSignal);
  }

  /** A request sent without a model name (the server listed none) that the server refused: say what to set. */
  private refuseUnnamed(err: ProviderError): ProviderError {
    const refused = err.kind === 'bad_request' || (err.kind === 'not_found' && err.status === 404);
    return refused && !this.wireModel && this.opts.baseUrl ? noModelNameError(this.who.baseUrl ?? this.opts.baseUrl, this.opts.surface) : err;
  }

  /** Starts the streamed request; the SDK parses any 200 body as SSE, so a non-stream one is refused here. */
  private async open(request: ProviderRequest) {
    const { data, response } = await this.client.chat.completions
      .create(
        {
          // Without a model name the field is left out (undefined is not serialised), never invented.
          model: this.wireModel as string,
          messages: request.messages.map(toWire),
          ...(request.tools?.length
            ? {
                tools: request.tools.map((t) => ({ type: 'function' as const, function: t })),
                ...(request.toolChoice ? { tool_choice: request.toolChoice } : {}),
              }
            : {}),
          stream: true,
          stream_options: { include_usage: true },
          ...(request.maxOutputTokens ? { max_tokens: request.maxOutputTokens } : {}),
          ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        },
        { signal: request.signal },
      )
      .withResponse();
    // The SDK parses any 200 body as SSE and finds no events in JSON or HTML, which would read as an empty answer.
    const type = response.headers.get('content-type') ?? '';
    if (type && !/text\/event-stream/i.test(type)) {
      data.controller.abort();
      throw emptyResponseError(this.who, `it answered with '${type.split(';')[0]}' instead of an event stream`);
    }
    return data;
  }

  private async *read(
    stream: Awaited<ReturnType<OpenAIChatProvider['open']>>,
    request: ProviderRequest,
    userSignal: AbortSignal | undefined,
  ): AsyncIterable<ProviderEvent> {
    try {
      let answered = false;
      let finish: string | null | undefined;
      // Streamed tool calls arrive in pieces keyed by index: the id and name first, then the arguments' JSON.
      const calls: Array<{ id: string; name: string; arguments: string }> = [];
      for await (const chunk of stream) {
        if (!chunk || !Array.isArray(chunk.choices)) throw new Error('stream chunk without choices');
        const text = chunk.choices[0]?.delta?.content;
        if (text) yield { type: 'text', text };
        for (const piece of chunk.choices[0]?.delta?.tool_calls ?? []) {
          const call = (calls[piece.index ?? 0] ??= { id: '', name: '', arguments: '' });
          if (piece.id) call.id = piece.id;
          if (piece.function?.name) call.name += piece.function.name;
          if (piece.function?.arguments) call.arguments += piece.function.arguments;
          answered = true;
        }
        finish ||= chunk.choices[0]?.finish_reason;
        if (text || finish) answered = true;
        if (chunk.usage) yield { type: 'usage', promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
      }
      // The SDK ends the stream quietly on abort; the caller must not mistake that for a complete answer.
      if (userSignal?.aborted) throw cancelledError();
      if (!answered) throw emptyResponseError(this.who, 'the stream ended without any text or finish reason');
      for (const [i, call] of calls.entries()) {
        if (call?.name) yield { type: 'tool_call', id: call.id || `call_${i}`, name: call.name, arguments: call.arguments };
      }
      if (!finish) yield { type: 'incomplete', reason: 'no_finish_reason' };
      else if (finish === 'length') yield { type: 'incomplete', reason: 'max_tokens' };
    } catch (err) {
      throw toProviderError(err, this.who, userSignal);
    }
  }
}
