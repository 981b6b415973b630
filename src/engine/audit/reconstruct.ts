import type { AuditStore, Row } from './store';

export interface ReconstructedStep {
  execution: Row;
  arguments: unknown;
  artifacts: Array<{ type: string; content: unknown }>;
  authorizations: Row[];
}

/** One model exchange: hashes and sizes always, the scrubbed text only when the user kept it. */
export interface ReconstructedExchange {
  id: string;
  createdAt: number;
  provider: string | null;
  model: string | null;
  promptSha256: string;
  responseSha256: string;
  promptBytes: number | null;
  responseBytes: number | null;
  keptText: string | null;
}

export interface Reconstruction {
  /** The id asked for (an execution id, a plan id or a model exchange id). */
  id: string;
  plan?: { id: string; intent: string; createdAt: number; plan: unknown; validation: unknown; evidence: unknown };
  /** Plan-level decisions (whole-plan approval). */
  planAuthorizations: Row[];
  steps: ReconstructedStep[];
  /** The model exchanges that produced the plan (or the one asked for), oldest first. */
  exchanges: ReconstructedExchange[];
  text: string;
}

const parse = (json: unknown) => {
  try {
    return JSON.parse(String(json));
  } catch {
    return json;
  }
};
const time = (ms: unknown) => (typeof ms === 'number' ? new Date(ms).toISOString() : '-');

function stepFor(store: AuditStore, execution: Row): ReconstructedStep {
  const artifacts = store.query('SELECT artifact_type, content_json FROM execution_artifacts WHERE execution_id = ? ORDER BY id', [execution.id])
    .map((a) => ({ type: String(a.artifact_type), content: parse(a.content_json) }));
  const authorizations =
    execution.plan_id && execution.step_id
      ? store.query('SELECT decision, mode, decided_at FROM authorizations WHERE plan_id = ? AND step_id = ? ORDER BY decided_at, id', [
          execution.plan_id,
          execution.step_id,
        ])
      : [];
  return { execution, arguments: parse(execution.arguments_json), artifacts, authorizations };
}

const exchangeOf = (x: Row): ReconstructedExchange => ({
  id: String(x.id),
  createdAt: Number(x.created_at),
  provider: (x.provider as string | null) ?? null,
  model: (x.model as string | null) ?? null,
  promptSha256: String(x.prompt_sha256),
  responseSha256: String(x.response_sha256),
  promptBytes: (x.prompt_bytes as number | null) ?? null,
  responseBytes: (x.response_bytes as number | null) ?? null,
  keptText: (x.kept_text as string | null) ?? null,
});

function renderExchange(x: ReconstructedExchange): string[] {
  // Rows written before sizes and models were recorded have NULLs there: say "unknown", never guess.
  const size = (n: number | null) => (n === null ? 'size unknown' : `${n} bytes`);
  const out = [
    `Model exchange ${x.id} at ${time(x.createdAt)}: ${x.provider ?? 'unknown provider'} / ${x.model ?? 'unknown model'}`,
    `  prompt: ${size(x.promptBytes)}, sha256 ${x.promptSha256}`,
    `  response: ${size(x.responseBytes)}, sha256 ${x.responseSha256}`,
  ];
  if (x.keptText === null) out.push('  text: not kept (hashes only)');
  else {
    // One by one: `push(...lines)` throws past ~100 K arguments, and a kept reply may hold that many lines.
    out.push('  text kept (scrubbed):');
    for (const l of x.keptText.split('\n')) out.push(`    ${l}`);
  }
  return out;
}

function render(r: Omit<Reconstruction, 'text'>): string {
  const out: string[] = [];
  if (r.plan) {
    out.push(`Plan ${r.plan.id} (${r.plan.intent}), created ${time(r.plan.createdAt)}`);
    const evidence = r.plan.evidence as { cited?: string[]; summary?: string[] } | undefined;
    out.push(`Evidence cited: ${evidence?.cited?.length ? evidence.cited.join(', ') : 'none'}`);
    for (const line of evidence?.summary ?? []) out.push(`  ${line}`);
    const validation = r.plan.validation as { valid?: boolean; issues?: Array<{ message: string }> } | undefined;
    out.push(`Validation: ${validation?.valid ? 'valid' : 'invalid'}`);
    for (const issue of validation?.issues ?? []) out.push(`  ${issue.message}`);
    for (const a of r.planAuthorizations) out.push(`Authorization (whole plan): ${a.decision} (${a.mode}) at ${time(a.decided_at)}`);
  }
  for (const x of r.exchanges) for (const line of renderExchange(x)) out.push(line);
  for (const s of r.steps) {
    const e = s.execution;
    out.push('', `Step ${e.step_id ?? '-'}: ${e.tool} ${JSON.stringify(s.arguments)}`);
    out.push(`  execution ${e.id}: ${e.status}, started ${time(e.started_at)}, finished ${time(e.finished_at)}`);
    for (const a of s.authorizations) out.push(`  authorization: ${a.decision} (${a.mode}) at ${time(a.decided_at)}`);
    for (const a of s.artifacts) out.push(`  ${a.type}: ${JSON.stringify(a.content)}`);
    if (e.error_text) out.push(`  error: ${e.error_text}`);
  }
  return out.join('\n') + '\n';
}

/**
 * The full story of an execution (or of a plan or a model exchange, given its id): the model
 * exchanges behind the plan, the plan as proposed, its validation and evidence, every step's
 * execution with authorizations, artifacts and verbatim errors, plus a text rendering.
 * Undefined when the id is in none of those tables.
 */
export function reconstructExecution(store: AuditStore, id: string): Reconstruction | undefined {
  const [execution] = store.query('SELECT * FROM executions WHERE id = ?', [id]);
  // An exchange whose reply was no usable plan has no plan row: it can still be looked up by its own id.
  const [exchange] = execution ? [] : store.query('SELECT * FROM llm_exchanges WHERE id = ?', [id]);
  const planId = execution ? (execution.plan_id as string | null) : exchange ? (exchange.plan_id as string | null) : id;
  const [planRow] = planId ? store.query('SELECT * FROM plans WHERE id = ?', [planId]) : [];
  if (!execution && !planRow && !exchange) return undefined;
  const executions = planRow
    ? store.query('SELECT * FROM executions WHERE plan_id = ? ORDER BY started_at, rowid', [planRow.id])
    : execution ? [execution] : [];
  const exchanges = planRow
    ? store.query('SELECT * FROM llm_exchanges WHERE plan_id = ? ORDER BY created_at, rowid', [planRow.id])
    : exchange ? [exchange] : [];
  const result: Omit<Reconstruction, 'text'> = {
    id,
    plan: planRow
      ? {
          id: String(planRow.id),
          intent: String(planRow.intent),
          createdAt: Number(planRow.created_at),
          plan: parse(planRow.plan_json),
          validation: parse(planRow.validation_json),
          evidence: parse(planRow.evidence_json),
        }
      : undefined,
    planAuthorizations: planRow
      ? store.query('SELECT decision, mode, decided_at FROM authorizations WHERE plan_id = ? AND step_id IS NULL ORDER BY decided_at', [planRow.id])
      : [],
    steps: executions.map((e) => stepFor(store, e)),
    exchanges: exchanges.map(exchangeOf),
  };
  return { ...result, text: render(result) };
}
