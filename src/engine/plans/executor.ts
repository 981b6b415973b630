import { addArtifact, finishExecution, recordAuthorization, recordDiagnostics, recordPlan, startExecution, type AuthorizationMode } from '../audit/records';
import type { AuditStore } from '../audit/store';
import { proposeStepEdit, type ApplyEdit, type ProposedEdit } from './edits';
import { runSplicePlan } from './splice-plan-step';
import type { WorkspaceHost } from '../tools/host';
import { normalizeRelPath } from '../tools/paths';
import { checkStepPreconditions, newPlanEffects } from './preconditions';
import type { EvidenceId, Plan, PlanStep } from './schema';
import { runReadOnlyTool } from '../tools/tool-runner';
import { stepPath, toolMutates, type ToolName } from '../tools/catalog';
import { validatePlan, type ValidationResult } from './validate';

/** The audit log's text for a step the user turned down (its error_text column, kept as it always was). */
export const REJECTED_BY_USER = 'Rejected by the user';
export const CANCELLED_BY_USER = 'Cancelled by the user';

/**
 * step: every step is confirmed; plan: the user approved the whole plan up front (only file changes
 * ask, with their diff); edited: the user changed the plan first, then runs it step by step.
 */
export type ExecutionMode = AuthorizationMode;

/** accept: run the step; reject: skip it and go on; cancel: skip it and stop the plan. */
/** `accept_all`: this step and every remaining one, without asking again (seed 004's switch to plan-authorize mid-run). */
export type AuthorizationDecision = 'accept' | 'accept_all' | 'reject' | 'cancel';

export interface StepContext {
  plan: Plan;
  index: number;
  total: number;
  mode: ExecutionMode;
}

/**
 * Asks the user about one step. Called for every step that modifies files (with the diff to show)
 * in every mode, and for every read-only step too (edit undefined) in 'step' and 'edited' mode:
 * step by step means each step is confirmed (seed 004, section 7), whatever the plan marks.
 */
export type Authorize = (step: PlanStep, edit: ProposedEdit | undefined, ctx: StepContext) => Promise<AuthorizationDecision>;

export interface ExecutePlanOptions {
  plan: Plan;
  host: WorkspaceHost;
  authorize: Authorize;
  applyEdit: ApplyEdit;
  mode: ExecutionMode;
  /** The audit log; every step is written before and after it runs. */
  store?: AuditStore;
  evidenceRowCounts?: Partial<Record<EvidenceId, number>>;
  /** The evidence summary the plan was made with (stored with the plan). */
  evidenceSummary?: string[];
  /** Progress for a UI (the outcome of each step as soon as it is known). */
  onStep?: (outcome: StepOutcome) => void;
}

export interface StepOutcome {
  stepId: string;
  tool: string;
  status: 'succeeded' | 'failed' | 'rejected' | 'skipped';
  executionId?: string;
  /** Read-only tool output, shown to the user and the model. */
  output?: string;
  edit?: ProposedEdit;
  /** A splice_plan step's edits, one per file (`edit` is the first). */
  edits?: ProposedEdit[];
  /** Verbatim error text. */
  error?: string;
}

export interface PlanRunResult {
  planId: string;
  status: 'invalid' | 'completed' | 'failed' | 'cancelled';
  validation: ValidationResult;
  steps: StepOutcome[];
  /** The verbatim error that stopped the plan. */
  error?: string;
}

const editSummary = (e: ProposedEdit) => ({
  path: e.path,
  kind: e.kind,
  before_sha256: e.before?.sha256 ?? null,
  after_sha256: e.after.sha256,
  after_bytes: Buffer.byteLength(e.after.text),
});

/**
 * Runs a plan: validates it again (an edited plan included), then runs the steps in order.
 * Read-only tools run directly; a mutating step computes its ProposedEdit, waits for
 * `authorize`, and is applied through `applyEdit` (which refuses a file changed since). A failed
 * step stops the plan with its verbatim error: no retries, no self-healing.
 */
export async function executePlan(opts: ExecutePlanOptions): Promise<PlanRunResult> {
  const { plan, host, store } = opts;
  const validation = await validatePlan(plan, { host, evidenceRowCounts: opts.evidenceRowCounts, evidenceSummary: opts.evidenceSummary });
  if (store)
    recordPlan(store, {
      id: plan.id,
      intent: plan.intent,
      plan,
      validation,
      evidence: { cited: plan.evidence_referenced, rowCounts: opts.evidenceRowCounts ?? {}, summary: opts.evidenceSummary ?? [] },
    });
  if (!validation.valid) return { planId: plan.id, status: 'invalid', validation, steps: [] };
  if (store && opts.mode === 'plan') recordAuthorization(store, { planId: plan.id, decision: 'accept', mode: 'plan' });

  const steps: StepOutcome[] = [];
  const done = newPlanEffects();
  const grant: AuthorizationGrant = { allRemaining: false };
  let stop: { status: PlanRunResult['status']; error?: string } | undefined;
  for (const [index, step] of plan.steps.entries()) {
    const outcome = stop ? { stepId: step.id, tool: step.tool, status: 'skipped' as const } : await runStep(step, index, opts, done, grant);
    steps.push(outcome);
    opts.onStep?.(outcome);
    if (stop) continue;
    if (outcome.status === 'succeeded') done.stepIds.push(step.id);
    if (outcome.status === 'failed') stop = { status: 'failed', error: outcome.error };
    if (outcome.status === 'rejected' && outcome.error === 'cancelled') stop = { status: 'cancelled' };
  }
  return { planId: plan.id, status: stop?.status ?? 'completed', validation, steps, error: stop?.error };
}

/** Set once the user authorizes all remaining steps; later steps are then not asked about. */
interface AuthorizationGrant { allRemaining: boolean }

async function runStep(
  step: PlanStep,
  index: number,
  opts: ExecutePlanOptions,
  done: ReturnType<typeof newPlanEffects>,
  grant: AuthorizationGrant,
): Promise<StepOutcome> {
  const { plan, host, store } = opts;
  const tool = step.tool as ToolName;
  const rawPath = stepPath(tool, step.arguments);
  const executionId = store
    ? startExecution(store, { planId: plan.id, stepId: step.id, tool, args: step.arguments, path: rawPath && normalizeRelPath(host.root, rawPath) })
    : undefined;
  const base = { stepId: step.id, tool, executionId };
  const fail = (error: string, edit?: ProposedEdit): StepOutcome => {
    if (store && executionId) finishExecution(store, executionId, 'failed', error);
    return { ...base, status: 'failed', error, edit };
  };
  const ctx: StepContext = { plan, index, total: plan.steps.length, mode: opts.mode };
  const decide = async (edit?: ProposedEdit): Promise<AuthorizationDecision | Error> => {
    let decision: AuthorizationDecision;
    if (grant.allRemaining) decision = 'accept';
    else {
      try {
        decision = await opts.authorize(step, edit, ctx);
      } catch (err) {
        return err instanceof Error ? err : new Error(String(err));
      }
    }
    if (decision === 'accept_all') {
      grant.allRemaining = true;
      // The switch itself is an authorization of the rest of the plan, kept like an upfront one.
      if (store) recordAuthorization(store, { planId: plan.id, decision: 'accept', mode: 'plan' });
      decision = 'accept';
    }
    if (store)
      recordAuthorization(store, {
        planId: plan.id,
        stepId: step.id,
        decision: decision === 'accept' ? 'accept' : 'reject',
        mode: grant.allRemaining ? 'plan' : opts.mode,
      });
    return decision;
  };
  const rejected = (decision: AuthorizationDecision, edit?: ProposedEdit): StepOutcome => {
    if (store && executionId) finishExecution(store, executionId, 'rejected', decision === 'cancel' ? CANCELLED_BY_USER : REJECTED_BY_USER);
    return { ...base, status: 'rejected', edit, error: decision === 'cancel' ? 'cancelled' : undefined };
  };

  const failed = await checkStepPreconditions(step, tool, step.arguments, host, { ...done, created: new Set(), modified: new Set() });
  if (failed.length) return fail(failed.join('\n'));
  if (!toolMutates(tool)) {
    // Whole-plan approval covers read-only steps; step by step confirms each one.
    if (opts.mode !== 'plan' && !grant.allRemaining) {
      const decision = await decide();
      if (decision instanceof Error) return fail(`Authorization failed: ${decision.message}`);
      if (decision !== 'accept') return rejected(decision);
    }
    try {
      const out = await runReadOnlyTool(tool, step.arguments, host);
      if (store && executionId) {
        addArtifact(store, executionId, 'output', out.summary);
        if (out.diagnostics) recordDiagnostics(store, executionId, out.diagnostics);
        finishExecution(store, executionId, 'succeeded');
      }
      return { ...base, status: 'succeeded', output: out.text };
    } catch (err) {
      return fail((err as Error).message);
    }
  }
  if (tool === 'splice_plan') return runSplicePlan(step, host, { fail, decide, rejected, base, store, executionId, applyEdit: opts.applyEdit });
  let edit: ProposedEdit;
  try {
    edit = await proposeStepEdit(tool, step.arguments, host);
  } catch (err) {
    return fail((err as Error).message);
  }
  if (store && executionId) addArtifact(store, executionId, 'proposed_edit', editSummary(edit));
  const decision = await decide(edit);
  if (decision instanceof Error) return fail(`Authorization failed: ${decision.message}`, edit);
  if (decision !== 'accept') return rejected(decision, edit);
  try {
    await opts.applyEdit(edit);
  } catch (err) {
    return fail((err as Error).message, edit);
  }
  if (store && executionId) {
    addArtifact(store, executionId, 'applied', editSummary(edit));
    finishExecution(store, executionId, 'succeeded');
  }
  return { ...base, status: 'succeeded', edit };
}
