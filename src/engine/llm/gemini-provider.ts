import { FunctionCallingMode, GoogleGenerativeAI, type Content, type FunctionDeclarationSchema, type GenerativeModel, type Part } from '@google/generative-ai';
import type { Surface } from '../config/provider-endpoints';
import { cancelledError, emptyResponseError, toProviderError, type ProviderIdentity } from './errors';
import { limitReply, type ReplyLimits } from './reply-limits';
import type { ChatMessage, Provider, ProviderEvent, ProviderRequest } from './types';

const parseArgs = (json: string): object => {
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
};

/** A message as Gemini content: a native call is a `functionCall` part, its result a `functionResponse` part. */
function toContent(m: Exclude<ChatMessage, { role: 'system' }>): Content {
  if (m.role === 'tool') return { role: 'function', parts: [{ functionResponse: { name: m.name, response: { name: m.name, content: m.content } } }] };
  if (m.role === 'assistant') {
    const parts: Part[] = m.content || !m.toolCall ? [{ text: m.content }] : [];
    if (m.toolCall) parts.push({ functionCall: { name: m.toolCall.name, args: parseArgs(m.toolCall.arguments) } });
    return { role: 'model', parts };
  }
  return { role: 'user', parts: [{ text: m.content }] };
}

export interface GeminiProviderOptions {
  model: string;
  apiKey: string;
  /** Overrides https://generativelanguage.googleapis.com (tests, proxies). */
  baseUrl?: string;
  keyHint: string;
  surface?: Surface;
  /** The whole reply's deadline (the same as `replyLimits.deadlineMs`). */
  timeoutMs?: number;
  /** Idle timeout and deadline of one reply (see limitReply). */
  replyLimits?: Partial<ReplyLimits>;
}

/** Gemini through `@google/generative-ai`: system text as systemInstruction, answers streamed over SSE. */
export class GeminiProvider implements Provider {
  readonly id = 'gemini';
  readonly model: string;
  private readonly client: GoogleGenerativeAI;
  private readonly who: ProviderIdentity;

  constructor(private readonly opts: GeminiProviderOptions) {
    this.model = opts.model;
    this.client = new GoogleGenerativeAI(opts.apiKey);
    this.who = { id: 'gemini', model: opts.model, baseUrl: opts.baseUrl, keyHint: opts.keyHint, surface: opts.surface };
  }

  async *stream(request: ProviderRequest): AsyncIterable<ProviderEvent> {
    const system = request.messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n\n');
    const contents: Content[] = request.messages.filter((m) => m.role !== 'system').map((m) => toContent(m as Exclude<ChatMessage, { role: 'system' }>));
    const tools = request.tools?.length
      ? [
          {
            functionDeclarations: request.tools.map((t) => ({
              name: t.name,
              description: t.description,
              parameters: t.parameters as unknown as FunctionDeclarationSchema,
            })),
          },
        ]
      : undefined;
    const model = this.client.getGenerativeModel(
      {
        model: this.model,
        ...(system ? { systemInstruction: system } : {}),
        ...(tools ? { tools, ...(request.toolChoice === 'none' ? { toolConfig: { functionCallingConfig: { mode: FunctionCallingMode.NONE } } } : {}) } : {}),
        generationConfig: {
          ...(request.maxOutputTokens ? { maxOutputTokens: request.maxOutputTokens } : {}),
          ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        },
      },
      { baseUrl: this.opts.baseUrl },
    );
    // Our own clocks, not the SDK's timeout: the SDK never clears its timer, which kept every
    // process that used Gemini (the CLI, the tests) alive for the whole timeout after the answer.
    const limits = { ...(this.opts.timeoutMs ? { deadlineMs: this.opts.timeoutMs } : {}), ...this.opts.replyLimits };
    yield* limitReply((signal) => this.read(model, contents, signal, request.signal), {
      who: `gemini (${this.model})`, signal: request.signal, limits, surface: this.who.surface,
    });
  }

  private async *read(model: GenerativeModel, contents: Content[], signal: AbortSignal, userSignal: AbortSignal | undefined): AsyncIterable<ProviderEvent> {
    const fail = (err: unknown) => toProviderError(err, this.who, userSignal);
    let result;
    try {
      result = await model.generateContentStream({ contents }, { signal });
    } catch (err) {
      throw fail(err);
    }
    // The SDK tees the stream into `result.response`, which rejects on any stream error (abort,
    // bad JSON). We read only `result.stream`, so without this every stream error would also be an
    // unhandled rejection, which crashes the CLI (exit 1 instead of 4).
    result.response.catch(() => undefined);
    try {
      let usage: ProviderEvent | undefined;
      let answered = false;
      let finish: string | undefined;
      const calls: ProviderEvent[] = [];
      for await (const chunk of result.stream) {
        const candidate = chunk.candidates?.[0];
        const text = candidate?.content?.parts?.map((p) => p.text ?? '').join('') ?? '';
        if (text) yield { type: 'text', text };
        // Gemini sends each function call whole; it has no call id, so the id is ours (its result goes back by name).
        for (const p of candidate?.content?.parts ?? []) {
          if (p.functionCall)
            calls.push({
              type: 'tool_call',
              id: `gemini-call-${calls.length + 1}`,
              name: p.functionCall.name,
              arguments: JSON.stringify(p.functionCall.args ?? {}),
            });
        }
        if (calls.length) answered = true;
        // A blocked prompt has no candidates but is a real (empty) answer, not a broken stream.
        finish ||= candidate?.finishReason ?? chunk.promptFeedback?.blockReason;
        if (text || finish) answered = true;
        if (chunk.usageMetadata)
          usage = { type: 'usage', promptTokens: chunk.usageMetadata.promptTokenCount, completionTokens: chunk.usageMetadata.candidatesTokenCount };
      }
      // The SDK may end the stream quietly on abort; the caller must not mistake that for a complete answer.
      if (userSignal?.aborted) throw cancelledError();
      if (!answered) throw emptyResponseError(this.who, 'the stream ended without any text or finish reason');
      yield* calls;
      if (usage) yield usage;
      if (!finish) yield { type: 'incomplete', reason: 'no_finish_reason' };
      else if (finish === 'MAX_TOKENS') yield { type: 'incomplete', reason: 'max_tokens' };
    } catch (err) {
      throw fail(err);
    }
  }
}
