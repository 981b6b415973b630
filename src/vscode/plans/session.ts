import type { AuditStore } from '../../engine/audit/store';
import { executePlan, type ExecutionMode, type PlanRunResult, type StepOutcome } from '../../engine/plans/executor';
import type { WorkspaceHost } from '../../engine/tools/host';
import type { EvidenceId, Plan } from '../../engine/plans/schema';
import { validatePlan, type ValidationResult } from '../../engine/plans/validate';
import type { Logger } from '../../engine/telemetry/log';
import { createVsCodeApplyEdit, deleteIfUnchanged, PlanSnapshot } from './apply-edit';
import { askByNotification, createDiffAuthorize, type AskUser } from './diff-review';
import type { DecisionBar } from './decision-bar';
import type { ProposedContentProvider } from './proposed-content';

export interface PlanSessionDeps {
  host: WorkspaceHost;
  proposed: ProposedContentProvider;
  store?: AuditStore;
  logger?: Logger;
  ask?: AskUser;
  /** Accept / Reject in the diff editor's title bar. */
  bar?: DecisionBar;
  /** Evidence the plan was made with (row counts feed the "insufficient evidence" check). */
  evidenceRowCounts?: Partial<Record<EvidenceId, number>>;
  evidenceSummary?: string[];
}

/**
 * One plan shown to the user: validated against the workspace, with a snapshot of the files it
 * will change taken now, so an edit is refused if a file changes before its step runs.
 */
export class PlanSession {
  private running = false;

  private constructor(
    public plan: Plan,
    public validation: ValidationResult,
    private snapshot: PlanSnapshot,
    private readonly deps: PlanSessionDeps,
    /** True once the user replaced the plan through "Edit plan". */
    public edited = false,
  ) {}

  /** Validates the plan and snapshots the files it changes. */
  static async create(plan: Plan, deps: PlanSessionDeps): Promise<PlanSession> {
    const validation = await validatePlan(plan, { host: deps.host, evidenceRowCounts: deps.evidenceRowCounts, evidenceSummary: deps.evidenceSummary });
    return new PlanSession(plan, validation, await PlanSnapshot.take(plan, deps.host), deps);
  }

  /** The workspace folder the plan acts on. */
  get root(): string {
    return this.deps.host.root;
  }

  /** How a step asks the user by default: the notification, or the tests' script. */
  get askUser(): AskUser {
    return this.deps.ask ?? askByNotification;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Replaces the plan with the user's edited version (validated again, new snapshot). */
  async replace(plan: Plan): Promise<ValidationResult> {
    this.plan = plan;
    this.edited = true;
    return this.revalidate();
  }

  /** Validates the plan again (after the folder was trusted, its write steps may now run) and snapshots its files anew. */
  async revalidate(): Promise<ValidationResult> {
    const plan = this.plan;
    this.validation = await validatePlan(plan, {
      host: this.deps.host,
      evidenceRowCounts: this.deps.evidenceRowCounts,
      evidenceSummary: this.deps.evidenceSummary,
    });
    this.snapshot = await PlanSnapshot.take(plan, this.deps.host);
    return this.validation;
  }

  /**
   * Runs the plan through the engine executor (validated again, every step audited before and
   * after). An edited plan is recorded with mode 'edited'.
   */
  async run(mode: Exclude<ExecutionMode, 'edited'>, onStep?: (o: StepOutcome) => void, ask?: AskUser): Promise<PlanRunResult> {
    if (this.running) throw new Error('This plan is already running');
    this.running = true;
    const started = Date.now();
    try {
      const { host, proposed, store } = this.deps;
      const result = await executePlan({
        plan: this.plan,
        host,
        store,
        mode: this.edited && mode === 'step' ? 'edited' : mode,
        authorize: createDiffAuthorize({ proposed, root: host.root, ask: ask ?? this.deps.ask, bar: this.deps.bar }),
        applyEdit: createVsCodeApplyEdit({ root: host.root, snapshot: this.snapshot, isTrusted: () => host.isTrusted() }),
        evidenceRowCounts: this.deps.evidenceRowCounts,
        evidenceSummary: this.deps.evidenceSummary,
        onStep,
      });
      this.deps.logger?.info('plan.run', { status: result.status, steps: result.steps.length, ms: Date.now() - started });
      return result;
    } finally {
      this.running = false;
    }
  }

  /**
   * Reverts the changes a run applied, newest first, each as one WorkspaceEdit: a changed file gets
   * its text from before the step back, a created file is deleted. A file edited again since is
   * left alone and named in the result (nothing the user wrote afterwards is overwritten).
   */
  async undo(result: PlanRunResult): Promise<{ reverted: string[]; refused: string[] }> {
    const applied = result.steps.filter((o) => o.status === 'succeeded').flatMap((o) => o.edits ?? (o.edit ? [o.edit] : [])).reverse();
    const reverted: string[] = [];
    const refused: string[] = [];
    const apply = createVsCodeApplyEdit({ root: this.deps.host.root, isTrusted: () => this.deps.host.isTrusted() });
    for (const edit of applied) {
      try {
        if (edit.kind === 'create') await deleteIfUnchanged(this.deps.host.root, edit);
        else await apply({ path: edit.path, kind: 'modify', before: edit.after, after: edit.before! });
        reverted.push(edit.path);
      } catch (err) {
        refused.push(`${edit.path}: ${(err as Error).message}`);
      }
    }
    this.deps.logger?.info('plan.undo', { reverted: reverted.length, refused: refused.length });
    return { reverted, refused };
  }
}
