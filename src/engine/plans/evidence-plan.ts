import { normalizeRelPath } from '../tools/paths';
import type { EvidenceId, Plan } from './schema';
import { isToolName, stepPath } from '../tools/catalog';
import { buildEvidenceRequest, type EvidenceInputs } from './evidence-request';
import { summarizeEvidence } from './evidence-summary';
import type { AuditStore } from '../audit/store';
import { escapeRegExp } from '../text/escape-regexp';

export interface PlanEvidence {
  /** recorded: the counts stored when the model proposed this plan; computed: from the plan itself, now. */
  source: 'recorded' | 'computed';
  rowCounts: Partial<Record<EvidenceId, number>>;
  lines: string[];
}


/**
 * Evidence subjects of a plan given without its proposal: every tool, the files its steps touch,
 * the execution ids its text names, and the diagnostic codes already in the audit log that its
 * text names (`knownCodes`), so a claim like "Q8 shows 2 edits after E0425" has its query run.
 */
export function planEvidenceInputs(plan: Plan, root: string, knownCodes: readonly string[] = []): EvidenceInputs {
  const files = plan.steps.flatMap((s) => {
    const p = isToolName(s.tool) ? stepPath(s.tool, s.arguments) : undefined;
    return p ? [normalizeRelPath(root, p)] : [];
  });
  const text = [plan.explanation ?? '', ...plan.steps.map((s) => s.precondition ?? '')].join('\n');
  const diagnosticCodes = knownCodes.filter((c) => new RegExp(`(^|[^\\w])${escapeRegExp(c)}($|[^\\w])`).test(text));
  return { files, text, diagnosticCodes };
}

function recordedEvidence(store: AuditStore, planId: string): PlanEvidence | undefined {
  // Only a proposal (a plan with a model exchange) has evidence the model was shown; a hand-written
  // plan file may reuse an id like "plan_1" from an unrelated earlier plan.
  const [row] = store.query('SELECT p.evidence_json FROM plans p WHERE p.id = ? AND EXISTS (SELECT 1 FROM llm_exchanges x WHERE x.plan_id = p.id)', [planId]);
  if (!row) return undefined;
  try {
    const e = JSON.parse(String(row.evidence_json)) as { rowCounts?: Partial<Record<EvidenceId, number>>; summary?: string[] };
    return e.rowCounts && typeof e.rowCounts === 'object' ? { source: 'recorded', rowCounts: e.rowCounts, lines: e.summary ?? [] } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The evidence a plan is validated against when it is checked or run from a file (the CLI's
 * `plan check`, the extension's "Run plan from the active editor"), so both give the same
 * messages: a proposed plan keeps the evidence its proposal was validated with; any other plan
 * gets evidence computed from its own subjects (planEvidenceInputs).
 */
export function evidenceForPlan(store: AuditStore, plan: Plan, root: string): PlanEvidence {
  const recorded = recordedEvidence(store, plan.id);
  if (recorded) return recorded;
  const knownCodes = store.query('SELECT DISTINCT code FROM diagnostics WHERE code IS NOT NULL ORDER BY code').map((r) => String(r.code));
  const summary = summarizeEvidence(store, buildEvidenceRequest(planEvidenceInputs(plan, root, knownCodes)));
  return { source: 'computed', rowCounts: summary.rowCounts, lines: summary.lines };
}
