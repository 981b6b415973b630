import * as z from 'zod/mini';

// The plan view's protocol, shared by the extension (src/vscode/plans/plan-panel.ts) and the
// webview script (media/src/plan-view.ts). Both sides validate what they receive.

const stepStatus = z.enum(['pending', 'succeeded', 'failed', 'rejected', 'skipped']);

export const planStepViewSchema = z.object({
  id: z.string(),
  tool: z.string(),
  /** Pretty-printed JSON of the arguments. */
  arguments: z.string(),
  precondition: z.optional(z.string()),
  requiresConfirmation: z.boolean(),
  /** Decided by Grounded's tool table, not by the model. */
  modifies: z.boolean(),
  path: z.optional(z.string()),
  status: stepStatus,
  /** Verbatim error, or the read-only tool's output. */
  error: z.optional(z.string()),
  /** What a step the user rejected or cancelled left as it was: said as a decision, not as an error. */
  note: z.optional(z.string()),
  output: z.optional(z.string()),
});

export const planViewSchema = z.object({
  planId: z.string(),
  /** In words, from the explanation or what the plan changes (the id stays a detail). */
  title: z.string(),
  intent: z.string(),
  explanation: z.optional(z.string()),
  /** The explanation's Markdown rendered to safe HTML by the extension. */
  explanationHtml: z.optional(z.string()),
  evidenceCited: z.array(z.string()),
  evidenceSummary: z.array(z.string()),
  /** Validation messages, verbatim. */
  errors: z.array(z.string()),
  steps: z.array(planStepViewSchema),
  trusted: z.boolean(),
  edited: z.boolean(),
  state: z.enum(['ready', 'running', 'completed', 'failed', 'cancelled', 'invalid']),
  /**
   * The question a running step waits on (Run / Skip…, Accept / Reject…), with its answers as buttons: the notification
   * that also asks hides itself after a while, and a plan left "Running…" with every button disabled had no way on.
   */
  pending: z.optional(z.object({ question: z.string(), choices: z.array(z.string()) })),
  /** The verbatim error that stopped the plan. */
  runError: z.optional(z.string()),
  /** After a run: how many changes were applied and rejected, and what Undo did. */
  summary: z.optional(
    z.object({ applied: z.number(), rejected: z.number(), undone: z.optional(z.array(z.string())), undoRefused: z.optional(z.array(z.string())) }),
  ),
  /** After a run: the model's explanation of the outcome and, after a failure, its revised plan. */
  outcome: z.optional(
    z.object({
      state: z.enum(['explaining', 'explained', 'withheld', 'unavailable']),
      explanation: z.optional(z.string()),
      explanationHtml: z.optional(z.string()),
      /** Why the explanation was withheld, verbatim. */
      rejected: z.array(z.string()),
      /** The same in plain words, with what the user can do. */
      withheldWhy: z.optional(z.string()),
      revisedPlanId: z.optional(z.string()),
      revisedValid: z.optional(z.boolean()),
      /** The revised plan's validation or parse messages. */
      revisedErrors: z.array(z.string()),
    }),
  ),
});

export type PlanStepView = z.infer<typeof planStepViewSchema>;
export type PlanView = z.infer<typeof planViewSchema>;
export type StepStatus = z.infer<typeof stepStatus>;

/** Extension → webview. */
export const toPlanViewSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('plan'), plan: planViewSchema }),
]);

/** Webview → extension. */
export const fromPlanViewSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('run'), mode: z.enum(['step', 'plan']) }),
  z.object({ type: z.literal('edit') }),
  z.object({ type: z.literal('cancel') }),
  z.object({ type: z.literal('openRevised') }),
  z.object({ type: z.literal('undo') }),
  /** One of the pending question's answers, clicked in the plan view. */
  z.object({ type: z.literal('decide'), choice: z.string().check(z.maxLength(100)) }),
  /** Opens a step's file (the path as the plan names it; resolved inside the workspace by the extension). */
  z.object({ type: z.literal('open'), path: z.string().check(z.maxLength(4096)) }),
  /** Shows this plan's record from the audit log ("Grounded: Reconstruct run…"). */
  z.object({ type: z.literal('reconstruct') }),
  /** Opens VS Code's workspace trust editor (the way out of "not trusted: Grounded writes nothing here"). */
  z.object({ type: z.literal('trust') }),
  z.object({ type: z.literal('copy'), text: z.string().check(z.maxLength(1_000_000)) }),
]);

export type ToPlanView = z.infer<typeof toPlanViewSchema>;
export type FromPlanView = z.infer<typeof fromPlanViewSchema>;

/** Whether the explanation says no more than the title cut from it (then it is not shown twice). */
export function explanationRepeatsTitle(view: { title: string; explanation?: string }): boolean {
  const bare = (t: string) => t.replace(/[`*_#>]/g, '').trim().replace(/[.!?]$/, '');
  return view.explanation !== undefined && bare(view.explanation) === bare(view.title);
}
