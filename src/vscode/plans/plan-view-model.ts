import type { PlanRunResult, StepOutcome } from '../../engine/plans/executor';
import { intentWord } from '../../engine/plans/intent-words';
import { planTitle, SENTENCE_END, withoutMarks } from '../../engine/plans/plan-title';
import type { Plan } from '../../engine/plans/schema';
import type { ValidationResult } from '../../engine/plans/validate';
import { isToolName, stepPath, toolMutates } from '../../engine/tools/catalog';
import { safeMarkdownHtml } from '../panel/render';
import { explanationRepeatsTitle, type PlanStepView, type PlanView } from './messages';
import { longestBacktickRun } from '../../engine/text/backticks';

/** The longest plan heading: a first sentence longer than this is a paragraph, and is cut. */
const HEADING_CHARS = 200;

/**
 * The explanation as shown under its heading: without its first sentence when the heading is that
 * whole sentence (the view repeated it word for word, a line below); as it is otherwise.
 */
function underHeading(explanation: string | undefined, title: string): string | undefined {
  const end = explanation?.search(SENTENCE_END) ?? -1;
  if (!explanation || end < 0) return explanation;
  const bare = (t: string) => withoutMarks(t).trim().replace(/[.!?]$/, '');
  const rest = explanation.slice(end).trim();
  return rest && bare(explanation.slice(0, end)) === bare(title) ? rest : explanation;
}

/** What the plan view shows for a freshly validated plan (every step pending). */
export function planViewOf(plan: Plan, validation: ValidationResult, extra: { evidenceSummary: string[]; trusted: boolean; edited: boolean }): PlanView {
  const steps: PlanStepView[] = plan.steps.map((s) => ({
    id: s.id,
    tool: s.tool,
    arguments: JSON.stringify(s.arguments, null, 2),
    precondition: s.precondition,
    requiresConfirmation: s.requires_confirmation,
    modifies: isToolName(s.tool) && toolMutates(s.tool),
    path: isToolName(s.tool) ? stepPath(s.tool, s.arguments) : undefined,
    status: 'pending',
  }));
  // A heading: it wraps in a narrow view, so the whole first sentence fits; a tab's title is shorter.
  const title = planTitle(plan, HEADING_CHARS);
  const explanation = underHeading(plan.explanation, title);
  return {
    planId: plan.id,
    title,
    intent: plan.intent,
    explanation,
    explanationHtml: explanation ? safeMarkdownHtml(explanation) : undefined,
    evidenceCited: plan.evidence_referenced,
    evidenceSummary: extra.evidenceSummary,
    errors: validation.issues.map((i) => i.message),
    steps,
    trusted: extra.trusted,
    edited: extra.edited,
    state: validation.valid ? 'ready' : 'invalid',
  };
}

/**
 * What a step the user turned down left as it was, said as the user's decision: "Cancelled by the
 * user" in red, where tool errors are shown, read as if something had gone wrong.
 */
function decisionNote(step: PlanStepView, cancelled: boolean): string {
  const file = step.path ?? 'the workspace';
  if (cancelled && !step.modifies) return 'You cancelled the plan here: no step ran from this one on.';
  if (cancelled) return `You cancelled the plan here: ${file} was left as it was, and no later step ran.`;
  return step.modifies ? `You rejected this change: ${file} was left as it was.` : 'You skipped this step: it did not run.';
}

/** The view after one step finished. */
export function withStepOutcome(view: PlanView, o: StepOutcome): PlanView {
  return {
    ...view,
    steps: view.steps.map((s) => {
      if (s.id !== o.stepId) return s;
      if (o.status === 'rejected') return { ...s, status: o.status, error: undefined, note: decisionNote(s, o.error === 'cancelled') };
      return { ...s, status: o.status, error: o.error, output: o.output?.slice(0, 4000) };
    }),
  };
}

/** The view after the run ended. */
export function withRunResult(view: PlanView, r: PlanRunResult): PlanView {
  const state = r.status === 'invalid' ? 'invalid' : r.status;
  return { ...view, state, runError: r.error, errors: r.status === 'invalid' ? r.validation.issues.map((i) => i.message) : view.errors };
}

/**
 * Markdown rendering of a plan, for the chat participant's /plan and for plain documents: titled in
 * words like the plan panel; the id (what "Reconstruct run…" lists) comes last, as a detail.
 */
export function planMarkdown(view: PlanView): string {
  const out = [`**Proposed plan: ${view.title}** (${intentWord(view.intent)})`, ''];
  if (view.explanation && !explanationRepeatsTitle(view)) out.push(view.explanation, '');
  view.steps.forEach((s, i) => {
    out.push(
      `${i + 1}. \`${s.tool}\`${s.path ? ` on \`${s.path}\`` : ''}${s.modifies ? ' — **modifies files**' : ''}${s.precondition ? ` (precondition: ${s.precondition})` : ''}`,
    );
  });
  if (view.errors.length) {
    out.push('', '**The plan is not valid; nothing will run:**', '', '```text', ...view.errors, '```');
  }
  out.push('', `_Evidence cited: ${view.evidenceCited.length ? view.evidenceCited.join(', ') : 'none'} · plan \`${view.planId}\`_`);
  return out.join('\n');
}

/**
 * What the chat (or the Grounded view: `beside` 'this view') says under a proposed plan: how to run
 * it, or why it cannot run and what to do. One sentence for both: the view told an invalid plan
 * to "run it from there", where its run buttons were disabled.
 */
export function afterPlanNote(valid: boolean, trusted: boolean, beside: 'the chat' | 'this view' = 'the chat'): string {
  const open = `The plan is open beside ${beside}`;
  if (!trusted) return `${open}, but this workspace is not trusted: Grounded writes nothing here. Trust the folder to run it.`;
  if (!valid) return `${open}, but it cannot run as it is: correct it with **Edit plan**, or ask again with more detail.`;
  return `${open}: run it step by step or as a whole; every file change is shown as a diff first.`;
}

/** Text as an inline code span: shown verbatim, and wrapped in a narrow chat (a code block would scroll sideways). */
function codeSpan(text: string): string {
  const fence = '`'.repeat(longestBacktickRun(text) + 1);
  return `${fence} ${text.replace(/\s+/g, ' ')} ${fence}`;
}

/** The chat's answer when the model's reply was no plan: why (verbatim), and what the user can do next. */
export function unusablePlanMarkdown(errors: readonly string[]): string {
  return [
    '**The model did not return a usable plan, so nothing will run.**',
    '',
    ...errors.map((e) => `- ${codeSpan(e)}`),
    '',
    'A plan is JSON that Grounded checks before anything runs, and models differ in how reliably they write it: ask again, or choose another model.',
  ].join('\n');
}
