import type { ScrubbedText } from '../privacy/types';
import type { InputWindow } from './input-window';

/** A native tool call made by a model; `arguments` is the JSON text of its input. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** A read-only tool offered to a model through native tool calling; `parameters` is a JSON schema. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/**
 * A message to a model. Content is branded: only the scrubber produces it. An assistant turn
 * may carry the native tool call it made; its result follows as a `tool` message (seed 003).
 */
export type ChatMessage =
  | { role: 'system' | 'user'; content: ScrubbedText }
  | { role: 'assistant'; content: ScrubbedText; toolCall?: ToolCall }
  /** The result of `toolCall` `toolCallId`: the formatted, scrubbed `🔧 TOOL RESULT — NAME` text. */
  | { role: 'tool'; toolCallId: string; name: string; content: ScrubbedText };

export interface ProviderRequest {
  messages: ChatMessage[];
  /** Tools the model may call natively; absent or empty, none are offered. */
  tools?: ToolSpec[];
  /**
   * `none`: the tools are described (the history may hold native calls, which some APIs only
   * accept next to their declarations) but the model must answer in text now.
   */
  toolChoice?: 'auto' | 'none';
  signal?: AbortSignal;
  maxOutputTokens?: number;
  temperature?: number;
}

export type ProviderEvent =
  | { type: 'text'; text: string }
  | { type: 'usage'; promptTokens?: number; completionTokens?: number }
  /** A complete native tool call, emitted once the reply has ended. */
  | { type: 'tool_call'; id: string; name: string; arguments: string }
  /**
   * The reply stopped short: the stream ended after some text without a finish reason (a dropped
   * connection, a crashed server), or the model hit its output token limit. Sent last.
   */
  | { type: 'incomplete'; reason: IncompleteReason };

export type IncompleteReason = 'no_finish_reason' | 'max_tokens';

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
  /** The tokens the model takes in at once, where that is small enough to matter and known; never throws. */
  inputWindow?(signal?: AbortSignal): Promise<InputWindow | undefined>;
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
    /** An `auth` failure of a request sent without a key: the server asks for one, none was rejected. */
    readonly keyMissing = false,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
