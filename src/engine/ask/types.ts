import type { BuiltContext } from '../context/types';
import type { DocumentOverlay } from '../workspace/types';
import type { AttachedContext, ConversationTurn } from '../context/types';

export type { AttachedContext, ConversationTurn } from '../context/types';

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
  status: 'success' | 'failure' | 'rate_limited' | 'no_context' | 'offline';
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
