import type { ScrubbedText } from '../privacy/types';

/** A message to a model. Content is branded: only the scrubber produces it. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: ScrubbedText;
}

export interface ProviderRequest {
  messages: ChatMessage[];
  signal?: AbortSignal;
  maxOutputTokens?: number;
  temperature?: number;
}

export type ProviderEvent =
  | { type: 'text'; text: string }
  | { type: 'usage'; promptTokens?: number; completionTokens?: number };

/**
 * One LLM behind one interface: OpenAI, Gemini, an OpenAI-compatible URL, GitHub Models, or
 * (in the extension) VS Code's own language models.
 */
export interface Provider {
  /** 'openai' | 'gemini' | 'openai-compatible' | 'gh' | 'vscode-lm' */
  readonly id: string;
  readonly model: string;
  /** Streams the answer. Throws ProviderError; honours `signal`. */
  stream(request: ProviderRequest): AsyncIterable<ProviderEvent>;
}

export type ProviderErrorKind = 'auth' | 'bad_request' | 'rate_limited' | 'server' | 'network' | 'cancelled' | 'malformed' | 'not_found';

/** A provider failure with what the user should do about it. */
export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly suggestion: string,
    readonly status?: number,
    /** From `Retry-After` or Gemini's `RetryInfo.retryDelay`. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
