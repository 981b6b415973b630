import type { z } from 'zod';
import { formatViolation, screenExplanation } from './explanation-screen';
import { checkEvidenceClaims } from './evidence-claims';
import { checkClaimEvidence, findHistoryClaims } from './history-claims';
import type { WorkspaceHost } from '../tools/host';
import { applyStepEffects, checkStepPreconditions, newPlanEffects } from './preconditions';
import type { EvidenceId, Plan, PlanStep } from './schema';
import { isToolName, toolArgumentSchemas, toolNames, toolSchemaText, type ToolName } from '../tools/catalog';

export type ValidationCode = 'duplicate_step' | 'unknown_tool' | 'invalid_arguments' | 'precondition' | 'insufficient_evidence' | 'explanation';

export interface ValidationIssue {
  code: ValidationCode;
  /** The step concerned; absent for plan-level issues. */
  stepId?: string;
  /** The exact text shown to the user and the model (deterministic). */
  message: string;
}

export interface ValidationResult {
  valid: boolean;
  issues: ValidationIssue[];
}

export interface ValidationContext {
  host: WorkspaceHost;
  /** Rows each evidence query returned for this plan (absent = not run = no rows). */
  evidenceRowCounts?: Partial<Record<EvidenceId, number>>;
  /** The Q1–Q8 summary lines the plan was made with: figures in evidence claims must match them. */
  evidenceSummary?: readonly string[];
}

function describeArgumentIssue(issue: z.core.$ZodIssue, args: Record<string, unknown>): string {
  const key = String(issue.path[0] ?? '');
  if (issue.code === 'unrecognized_keys') return issue.keys.map((k) => `unexpected '${k}'`).join('; ');
  if (issue.code === 'invalid_type' && args[key] === undefined) return `missing '${key}'`;
  if (issue.code === 'invalid_type') return `'${key}' must be a ${issue.expected}`;
  if (issue.code === 'too_small') return `'${key}' must not be empty`;
  return `'${key}': ${issue.message}`;
}

/** The argument errors of a step (zod-checked), or undefined when the arguments fit the tool's schema. */
export function argumentError(tool: ToolName, args: Record<string, unknown>): string | undefined {
  const result = toolArgumentSchemas[tool].safeParse(args);
  if (result.success) return undefined;
  const problems = result.error.issues.map((i) => describeArgumentIssue(i, args));
  return `Invalid arguments for '${tool}': ${problems.join('; ')}. Schema: ${toolSchemaText(tool)}`;
}

/** Unknown-tool message: names the known tools in a fixed order. */
export function unknownToolMessage(tool: string): string {
  return `Tool '${tool}' not found in available tools. Available tools: ${toolNames.join(', ')}`;
}

function evidenceIssues(plan: Plan, ctx: ValidationContext): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const counts = ctx.evidenceRowCounts ?? {};
  const texts: Array<{ text: string; where: string; stepId?: string }> = plan.steps
    .filter((s) => s.precondition)
    .map((s) => ({ text: s.precondition as string, where: `the precondition of step '${s.id}'`, stepId: s.id }));
  if (plan.explanation) texts.push({ text: plan.explanation, where: 'the explanation' });
  for (const { text, where, stepId } of texts) {
    const before = issues.length;
    for (const claim of findHistoryClaims(text)) {
      const message = checkClaimEvidence(claim, plan.evidence_referenced, counts, where);
      if (message) issues.push({ code: 'insufficient_evidence', stepId, message });
    }
    // Text already rejected for a history claim needs no second message about the same words.
    if (issues.length > before) continue;
    for (const message of checkEvidenceClaims(text, where, plan.evidence_referenced, counts, ctx.evidenceSummary))
      issues.push({ code: 'insufficient_evidence', stepId, message });
  }
  return issues;
}

async function stepIssues(step: PlanStep, ctx: ValidationContext, effects: ReturnType<typeof newPlanEffects>): Promise<ValidationIssue[]> {
  const at = (code: ValidationCode, message: string): ValidationIssue => ({ code, stepId: step.id, message: `Step '${step.id}': ${message}` });
  if (!isToolName(step.tool)) {
    effects.stepIds.push(step.id);
    return [at('unknown_tool', unknownToolMessage(step.tool))];
  }
  const argError = argumentError(step.tool, step.arguments);
  if (argError) {
    effects.stepIds.push(step.id);
    return [at('invalid_arguments', argError)];
  }
  const failed = await checkStepPreconditions(step, step.tool, step.arguments, ctx.host, effects);
  applyStepEffects(effects, step, step.tool, step.arguments, ctx.host.root);
  return failed.map((m) => at('precondition', m));
}

/**
 * Validates a parsed plan before anything runs: duplicate step ids, unknown tools, arguments
 * against the tool schemas, preconditions in the workspace (later steps see the files earlier
 * steps create), claims about history without evidence, and the explanation screen.
 * Issues come in step order and are identical for the same plan and workspace.
 */
export async function validatePlan(plan: Plan, ctx: ValidationContext): Promise<ValidationResult> {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const step of plan.steps) {
    if (seen.has(step.id)) issues.push({ code: 'duplicate_step', stepId: step.id, message: `Step '${step.id}': duplicate step id` });
    seen.add(step.id);
  }
  const effects = newPlanEffects();
  for (const step of plan.steps) issues.push(...(await stepIssues(step, ctx, effects)));
  issues.push(...evidenceIssues(plan, ctx));
  if (plan.explanation) {
    for (const v of screenExplanation(plan.explanation)) issues.push({ code: 'explanation', message: formatViolation(v) });
  }
  return { valid: issues.length === 0, issues };
}
