import type { ProviderErrorKind } from '../llm/types';
import type { AttachedContext, BuiltContext, ConversationTurn, Rephrasing } from '../context/types';
import type { DocumentOverlay } from '../workspace/types';
import type { AnswerSegment, Citation } from './citations';

export type { AttachedContext, ConversationTurn, Rephrasing } from '../context/types';
export type { Citation } from './citations';

export type AskEvent =
  | { type: 'progress'; message: string }
  | { type: 'context'; context: BuiltContext }
  /** The answer as it is written: checked segments, the only thing surfaces render. */
  | { type: 'segment'; segment: AnswerSegment }
  | { type: 'retry'; attempt: number; delayMs: number; reason: string };

export interface AnswerResult {
  queryId: string;
  /** The answer as plain text (segments joined, unverified citations marked once). */
  answer: string;
  /** The answer as shown: text, notices and checked citations. */
  segments: AnswerSegment[];
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
  /**
   * The model was asked and did not answer (bad key, no such model, server down, rate limited
   * after the retries, unreachable): the answer is the ranked snippets, led by one notice saying
   * why. Surfaces show it once, with buttons that fit `kind`; the CLI also exits 4 (not for `network`).
   */
  /** Why the model did not answer; `keyMissing`: the server asked for a key and none was sent. */
  modelError?: { kind: ProviderErrorKind; message: string; suggestion: string; keyMissing?: boolean };
  /** A mention was not found but paths close to it were: the question with each, for surfaces to offer as one click. */
  rephrasings?: Rephrasing[];
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
