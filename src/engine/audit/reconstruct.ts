import type { AuditStore, Row } from './store';

export interface ReconstructedStep {
  execution: Row;
  arguments: unknown;
  artifacts: Array<{ type: string; content: unknown }>;
  authorizations: Row[];
}

export interface Reconstruction {
  /** The id asked for (an execution id or a plan id). */
  id: string;
  plan?: { id: string; intent: string; createdAt: number; plan: unknown; validation: unknown; evidence: unknown };
  /** Plan-level decisions (whole-plan approval). */
  planAuthorizations: Row[];
  steps: ReconstructedStep[];
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
  const authorizations = execution.plan_id && execution.step_id
    ? store.query('SELECT decision, mode, decided_at FROM authorizations WHERE plan_id = ? AND step_id = ? ORDER BY decided_at, id', [execution.plan_id, execution.step_id])
    : [];
  return { execution, arguments: parse(execution.arguments_json), artifacts, authorizations };
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
 * The full story of an execution (or of a plan, given its id): the plan as proposed, its
 * validation and evidence, every step's execution with authorizations, artifacts and verbatim
 * errors, plus a text rendering. Undefined when the id is in neither table.
 */
export function reconstructExecution(store: AuditStore, id: string): Reconstruction | undefined {
  const [execution] = store.query('SELECT * FROM executions WHERE id = ?', [id]);
  const planId = execution ? (execution.plan_id as string | null) : id;
  const [planRow] = planId ? store.query('SELECT * FROM plans WHERE id = ?', [planId]) : [];
  if (!execution && !planRow) return undefined;
  const executions = planRow
    ? store.query('SELECT * FROM executions WHERE plan_id = ? ORDER BY started_at, rowid', [planRow.id])
    : [execution];
  const result: Omit<Reconstruction, 'text'> = {
    id,
    plan: planRow ? {
      id: String(planRow.id), intent: String(planRow.intent), createdAt: Number(planRow.created_at),
      plan: parse(planRow.plan_json), validation: parse(planRow.validation_json), evidence: parse(planRow.evidence_json),
    } : undefined,
    planAuthorizations: planRow ? store.query('SELECT decision, mode, decided_at FROM authorizations WHERE plan_id = ? AND step_id IS NULL ORDER BY decided_at', [planRow.id]) : [],
    steps: executions.map((e) => stepFor(store, e)),
  };
  return { ...result, text: render(result) };
}
