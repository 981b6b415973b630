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

/** Validates an already-parsed value against the plan schema; throws PlanParseError listing every problem. */
export function parsePlanValue(value: unknown): Plan {
  const result = planSchema.safeParse(value);
  if (result.success) return result.data;
  throw new PlanParseError(result.error.issues.map((i) => `Plan is not valid: ${issuePath(i.path)}: ${i.message}`));
}

/** Parses a plan from model output (a JSON object, possibly inside a ```json fence, possibly with prose around it). */
export function parsePlanText(reply: string): Plan {
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
