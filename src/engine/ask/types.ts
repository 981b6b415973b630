import type { BuiltContext } from '../context/types';
import type { ExcerptSource } from '../privacy/file-view';
import type { DocumentOverlay } from '../workspace/types';

/** One earlier exchange of a conversation (what the user asked, what was answered). */
export interface ConversationTurn {
  role: 'user' | 'assistant';
  text: string;
}

/** Text the user attached explicitly: a selection, a `#file` reference, an editor's content. */
export interface AttachedContext {
  path: string;
  startLine: number;
  endLine: number;
  text: string;
  origin: 'selection' | 'reference' | 'mention' | 'search' | 'url';
  /**
   * The whole file `text` was cut from (or the window read of a huge one): the scrubber sees it
   * whole before the range is cut, so a range inside a private key or a `.env` stays redacted.
   */
  source?: ExcerptSource;
}

export interface Citation {
  path: string;
  startLine: number;
  endLine: number;
  /** True only if the cited lines lie inside a chunk that was really sent. */
  verified: boolean;
  /** The exact text in the answer, e.g. `src/a.ts#L3-9`. */
  raw: string;
}

export type AskEvent =
  | { type: 'progress'; message: string }
  | { type: 'context'; context: BuiltContext }
  | { type: 'text'; delta: string }
  | { type: 'retry'; attempt: number; delayMs: number; reason: string };

export interface AnswerResult {
  queryId: string;
  answer: string;
  citations: Citation[];
  context: BuiltContext;
  /** Undefined when no model was used (the engine's snippet answer). */
  provider?: string;
  model?: string;
  usage?: { promptTokens?: number; completionTokens?: number };
  /** Why the answer came from snippets rather than a model (unconfigured, offline, no context...). */
  fallbackReason?: string;
  /** `incomplete`: the model's reply stopped short; the answer ends with a note saying so. */
  status: 'success' | 'failure' | 'rate_limited' | 'no_context' | 'offline' | 'incomplete';
}

export interface AskRequest {
  root: string;
  question: string;
  history?: ConversationTurn[];
  attached?: AttachedContext[];
  overlay?: DocumentOverlay;
  signal?: AbortSignal;
  onEvent?: (event: AskEvent) => void;
}
