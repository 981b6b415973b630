import { GoogleGenerativeAI, type Content } from '@google/generative-ai';
import { toProviderError, type ProviderIdentity } from './errors';
import type { Provider, ProviderEvent, ProviderRequest } from './types';

export interface GeminiProviderOptions {
  model: string;
  apiKey: string;
  /** Overrides https://generativelanguage.googleapis.com (tests, proxies). */
  baseUrl?: string;
  keyHint: string;
  timeoutMs?: number;
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
    this.who = { id: 'gemini', model: opts.model, baseUrl: opts.baseUrl, keyHint: opts.keyHint };
  }

  async *stream(request: ProviderRequest): AsyncIterable<ProviderEvent> {
    const system = request.messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n\n');
    const contents: Content[] = request.messages
      .filter((m) => m.role !== 'system')
      .map((m) => ({ role: m.role === 'assistant' ? 'model' : 'user', parts: [{ text: m.content }] }));
    const model = this.client.getGenerativeModel(
      {
        model: this.model,
        ...(system ? { systemInstruction: system } : {}),
        generationConfig: { ...(request.maxOutputTokens ? { maxOutputTokens: request.maxOutputTokens } : {}), ...(request.temperature !== undefined ? { temperature: request.temperature } : {}) },
      },
      { baseUrl: this.opts.baseUrl, timeout: this.opts.timeoutMs ?? 120_000 },
    );
    let result;
    try {
      result = await model.generateContentStream({ contents }, { signal: request.signal });
    } catch (err) {
      throw toProviderError(err, this.who);
    }
    try {
      let usage: ProviderEvent | undefined;
      for await (const chunk of result.stream) {
        const text = chunk.candidates?.[0]?.content?.parts?.map((p) => p.text ?? '').join('') ?? '';
        if (text) yield { type: 'text', text };
        if (chunk.usageMetadata) usage = { type: 'usage', promptTokens: chunk.usageMetadata.promptTokenCount, completionTokens: chunk.usageMetadata.candidatesTokenCount };
      }
      // The SDK ends the stream quietly on abort; the caller must not mistake that for a complete answer.
      if (request.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      if (usage) yield usage;
    } catch (err) {
      throw toProviderError(err, this.who);
    }
  }
}
