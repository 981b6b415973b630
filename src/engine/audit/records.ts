import { createHash } from 'node:crypto';
import type { ScrubbedText } from '../privacy/types';
import type { AuditStore } from './store';

export type ExecutionStatus = 'running' | 'succeeded' | 'failed' | 'rejected' | 'interrupted';
export type AuthorizationMode = 'step' | 'plan' | 'edited';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Stores a plan with its validation result and the evidence summary it was made with. */
export function recordPlan(store: AuditStore, p: { id: string; intent: string; plan: unknown; validation: unknown; evidence: unknown }): void {
  store.run('INSERT OR REPLACE INTO plans (id, created_at, intent, plan_json, validation_json, evidence_json) VALUES (?, ?, ?, ?, ?, ?)', [
    p.id, store.clock(), p.intent, JSON.stringify(p.plan), JSON.stringify(p.validation), JSON.stringify(p.evidence),
  ]);
}

/** Records that a step is starting (persisted before the tool runs); returns the execution id. */
export function startExecution(store: AuditStore, e: { planId?: string; stepId?: string; tool: string; args: unknown; path?: string }): string {
  const id = store.newId();
  const { pid, host } = store.owner();
  store.run(
    ("INSERT INTO executions (id, plan_id, step_id, tool, arguments_json, path, started_at, status, owner_pid, owner_host) VALUES (?, ?, ?, ?, ?, ?, ?, " +
      "'running', ?, ?)"),
    [id, e.planId ?? null, e.stepId ?? null, e.tool, JSON.stringify(e.args), e.path ?? null, store.clock(), pid, host],
  );
  return id;
}

/** Records how a step ended; `errorText` is stored verbatim. */
export function finishExecution(store: AuditStore, id: string, status: Exclude<ExecutionStatus, 'running'>, errorText?: string): void {
  store.run('UPDATE executions SET finished_at = ?, status = ?, success = ?, error_text = ? WHERE id = ?', [
    store.clock(), status, status === 'succeeded' ? 1 : 0, errorText ?? null, id,
  ]);
}

/** Attaches a JSON artifact (tool output summary, proposed edit, precondition result, error) to an execution. */
export function addArtifact(store: AuditStore, executionId: string, type: string, content: unknown): void {
  store.run('INSERT INTO execution_artifacts (execution_id, artifact_type, content_json, created_at) VALUES (?, ?, ?, ?)', [
    executionId, type, JSON.stringify(content), store.clock(),
  ]);
}

/** Records a user's decision on a step (or on the whole plan when stepId is absent). */
export function recordAuthorization(store: AuditStore, a: { planId: string; stepId?: string; decision: 'accept' | 'reject'; mode: AuthorizationMode }): void {
  store.run('INSERT INTO authorizations (id, plan_id, step_id, decision, mode, decided_at) VALUES (?, ?, ?, ?, ?, ?)', [
    store.newId(), a.planId, a.stepId ?? null, a.decision, a.mode, store.clock(),
  ]);
}

/** Stores diagnostics observed by a step (lsp_check), feeding evidence queries Q3, Q7 and Q8. */
export function recordDiagnostics(
  store: AuditStore,
  executionId: string | null,
  diags: Array<{ path: string; line?: number; code?: string; severity: string; message: string }>,
): void {
  if (diags.length === 0) return;
  const now = store.clock();
  store.write((db) => {
    for (const d of diags) {
      db.run('INSERT INTO diagnostics (execution_id, path, line, code, severity, message, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
        executionId,
        d.path,
        d.line ?? null,
        d.code ?? null,
        d.severity,
        d.message,
        now,
      ]);
    }
  });
}

/**
 * Records one model exchange as hashes and sizes of the (scrubbed) prompt and response, with the
 * provider and model it went to; `keptText` is stored only when the user chose to keep it, and
 * must already be scrubbed.
 */
export function recordExchange(
  store: AuditStore,
  x: { planId?: string; queryId?: string; provider?: string; model?: string; prompt: string; response: string; keptText?: string },
): string {
  const id = store.newId();
  store.run(
    ('INSERT INTO llm_exchanges (id, plan_id, query_id, created_at, prompt_sha256, response_sha256, kept_text, provider, model, prompt_bytes, ' +
      'response_bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    [
      id,
      x.planId ?? null,
      x.queryId ?? null,
      store.clock(),
      sha256(x.prompt),
      sha256(x.response),
      x.keptText ?? null,
      x.provider ?? null,
      x.model ?? null,
      Buffer.byteLength(x.prompt, 'utf8'),
      Buffer.byteLength(x.response, 'utf8'),
    ],
  );
  return id;
}

/** Appends a message to a conversation's memory. */
export function addMessage(store: AuditStore, conversationId: string, role: 'user' | 'assistant' | 'tool', content: string): void {
  store.run('INSERT INTO messages (conversation_id, role, content, created_at) VALUES (?, ?, ?, ?)', [conversationId, role, content, store.clock()]);
}

/** One question and its answer, as they went to and came from the model. */
export interface ConversationTurn {
  conversationId: string;
  /** What the user asked, as sent (scrubbed). */
  question: ScrubbedText;
  /** What the user was shown, scrubbed again before it is kept (the model only saw scrubbed text, but may echo look-alikes). */
  answer: ScrubbedText;
  /** Tool results in the order the model received them (`🔧 TOOL RESULT — NAME` …), scrubbed. */
  toolResults?: readonly ScrubbedText[];
}

/**
 * Keeps a turn in the workspace memory: the question, the tool results, then the answer, in one
 * write so a crash never leaves a question without its answer. Only scrubbed text is accepted
 * (the type says so), so memory never holds what the model was not allowed to see.
 * `/memory_search` and `/memory_sql` find the question and the answer; tool rows are kept for
 * the user's own audit but hidden from the model's memory look-ups.
 */
export function recordConversationTurn(store: AuditStore, turn: ConversationTurn): void {
  if (!turn.conversationId) throw new Error('recordConversationTurn: conversationId is empty');
  const now = store.clock();
  const rows: Array<['user' | 'assistant' | 'tool', string]> = [
    ['user', turn.question],
    ...(turn.toolResults ?? []).map((t): ['tool', string] => ['tool', t]),
    ['assistant', turn.answer],
  ];
  store.write((db) => {
    for (const [role, content] of rows) {
      db.run('INSERT INTO messages (conversation_id, role, content, created_at) VALUES (?, ?, ?, ?)', [turn.conversationId, role, content, now]);
    }
  });
}
