import { addArtifact, finishExecution } from '../audit/records';
import type { AuditStore } from '../audit/store';
import type { WorkspaceHost } from '../tools/host';
import type { ApplyEdit, ProposedEdit } from './edits';
import { proposeSplicePlan } from './splice-plan';

type Decision = 'accept' | 'accept_all' | 'reject' | 'cancel';

/** What the executor lends a splice_plan step: its audit row and its ways to fail, ask and be rejected. */
export interface SpliceStepHooks<O> {
  base: { stepId: string; tool: string; executionId?: string };
  store?: AuditStore;
  executionId?: string;
  fail: (error: string, edit?: ProposedEdit) => O;
  decide: (edit: ProposedEdit) => Promise<Decision | Error>;
  rejected: (decision: Decision, edit?: ProposedEdit) => O;
  applyEdit: ApplyEdit;
}

const summary = (e: ProposedEdit) => ({ path: e.path, kind: e.kind, before_sha256: e.before?.sha256 ?? null, after_sha256: e.after.sha256 });

/**
 * Runs one splice_plan step, all or none: every edit is computed first (a missing or ambiguous
 * symbol fails the step before anything is shown), each file's diff is shown for approval, and
 * only when all are accepted are they written. If a write fails (the file changed on disk), the
 * files already written are put back, and the step fails with the verbatim error.
 */
export async function runSplicePlan<O>(
  step: { arguments: Record<string, unknown> },
  host: WorkspaceHost,
  h: SpliceStepHooks<O>,
): Promise<O | (SpliceStepHooks<O>['base'] & { status: 'succeeded'; edit: ProposedEdit; edits: ProposedEdit[]; output: string })> {
  let edits: ProposedEdit[];
  try {
    edits = await proposeSplicePlan(host, String(step.arguments.file));
  } catch (err) {
    return h.fail((err as Error).message);
  }
  if (h.store && h.executionId) addArtifact(h.store, h.executionId, 'proposed_edit', { splice_plan: edits.map(summary) });
  for (const edit of edits) {
    const decision = await h.decide(edit);
    if (decision instanceof Error) return h.fail(`Authorization failed: ${decision.message}`, edit);
    if (decision !== 'accept') return h.rejected(decision, edit);
  }
  const written: ProposedEdit[] = [];
  for (const edit of edits) {
    try {
      await h.applyEdit(edit);
      written.push(edit);
    } catch (err) {
      // Put back what this step wrote, newest first, so the plan leaves no half-applied splice.
      for (const done of written.reverse())
        await h.applyEdit({ path: done.path, kind: 'modify', before: done.after, after: done.before! }).catch(() => undefined);
      return h.fail(
        `splice_plan failed: ${(err as Error).message}${written.length ? ` (the ${written.length} file(s) already written were restored)` : ''}`,
        edit,
      );
    }
  }
  const output = JSON.stringify({ success: true, changed_files: edits.map((e) => e.path) });
  if (h.store && h.executionId) {
    addArtifact(h.store, h.executionId, 'applied', { splice_plan: edits.map(summary) });
    finishExecution(h.store, h.executionId, 'succeeded');
  }
  return { ...h.base, status: 'succeeded', edit: edits[0], edits, output };
}
