import { z } from 'zod';

/** Evidence query ids the model may cite (seed 004). */
export const evidenceIds = ['Q1', 'Q2', 'Q3', 'Q4', 'Q5', 'Q6', 'Q7', 'Q8'] as const;
export type EvidenceId = (typeof evidenceIds)[number];

export const intents = ['READ', 'MUTATE', 'QUERY', 'EXPLAIN'] as const;

// The seed writes `plan_id` / `step_id`; both spellings are accepted and normalised to `id`.
const renameKey = (from: string) => (value: unknown) => {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    if (o.id === undefined && o[from] !== undefined) {
      const { [from]: moved, ...rest } = o;
      return { id: moved, ...rest };
    }
  }
  return value;
};

export const planStepSchema = z.preprocess(
  renameKey('step_id'),
  z.object({
    id: z.string().min(1),
    // Any string: an unknown tool is reported by validation with the list of known tools.
    tool: z.string().min(1),
    arguments: z.record(z.string(), z.unknown()),
    precondition: z.string().optional(),
    requires_confirmation: z.boolean().default(false),
  }),
);

export const planSchema = z.preprocess(
  renameKey('plan_id'),
  z.object({
    id: z.string().min(1),
    intent: z.enum(intents),
    steps: z.array(planStepSchema),
    evidence_referenced: z.array(z.enum(evidenceIds)).default([]),
    explanation: z.string().optional(),
  }),
);

export type Plan = z.infer<typeof planSchema>;
export type PlanStep = Plan['steps'][number];

/** The plan could not be read at all (not JSON, or not the plan shape). Messages are deterministic. */
export class PlanParseError extends Error {
  constructor(
    readonly errors: string[],
    readonly suggestion = 'Return one JSON object with id, intent, steps and evidence_referenced.',
  ) {
    super(errors.join('\n'));
    this.name = 'PlanParseError';
  }
}

function issuePath(path: PropertyKey[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : `${out ? '.' : ''}${String(part)}`;
  return out || '(plan)';
}

/** Extracts the JSON object from a model reply: a ```json fence, a bare fence, or the outermost braces. */
export function extractJsonText(reply: string): string | undefined {
  const fence = /```(?:json|JSON)?[ \t]*\r?\n([\s\S]*?)```/.exec(reply);
  if (fence) return fence[1].trim();
  const start = reply.indexOf('{');
  const end = reply.lastIndexOf('}');
  return start >= 0 && end > start ? reply.slice(start, end + 1) : undefined;
}

/**
 * The most steps a plan may have. Validation checks every step's preconditions against the
 * workspace (120 K steps took 93 s), and nobody reviews a plan that long: refuse it first.
 */
export const MAX_PLAN_STEPS = 100;
/** The most text a plan may be (JSON, with any prose around it). */
export const MAX_PLAN_BYTES = 1024 * 1024;

const PLAN_TOO_LONG = 'Split the change into smaller plans (at most 100 steps and 1 MiB each).';

/** The error for a plan of `bytes` bytes, over MAX_PLAN_BYTES. */
export function oversizePlanError(bytes: number): PlanParseError {
  return new PlanParseError([`Plan is not valid: ${bytes} bytes, more than the limit of ${MAX_PLAN_BYTES} (1 MiB)`], PLAN_TOO_LONG);
}

/** Validates an already-parsed value against the plan schema; throws PlanParseError listing every problem. */
export function parsePlanValue(value: unknown): Plan {
  const steps = value && typeof value === 'object' ? (value as { steps?: unknown }).steps : undefined;
  // Checked before the schema, which would otherwise parse every one of the steps first.
  if (Array.isArray(steps) && steps.length > MAX_PLAN_STEPS) {
    throw new PlanParseError([`Plan is not valid: steps: ${steps.length} steps, more than the limit of ${MAX_PLAN_STEPS}`], PLAN_TOO_LONG);
  }
  const result = planSchema.safeParse(value);
  if (result.success) return result.data;
  throw new PlanParseError(result.error.issues.map((i) => `Plan is not valid: ${issuePath(i.path)}: ${i.message}`));
}

/** Parses a plan from model output (a JSON object, possibly inside a ```json fence, possibly with prose around it). */
export function parsePlanText(reply: string): Plan {
  if (reply.length > MAX_PLAN_BYTES || Buffer.byteLength(reply) > MAX_PLAN_BYTES) throw oversizePlanError(Buffer.byteLength(reply));
  const json = extractJsonText(reply);
  if (json === undefined) throw new PlanParseError(['Plan is not valid: no JSON object found in the reply']);
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (err) {
    throw new PlanParseError([`Plan is not valid: JSON syntax error: ${(err as Error).message}`]);
  }
  return parsePlanValue(value);
}
