import { randomUUID } from 'node:crypto';
import { recordExchange, recordPlan } from '../audit/records';
import type { AuditStore } from '../audit/store';
import type { ChatMessage, Provider } from '../llm/types';
import type { Scrubber } from '../privacy/types';
import { isToolName, stepPath } from '../tools/catalog';
import type { WorkspaceHost } from '../tools/host';
import { checkEvidenceClaims } from './evidence-claims';
import { buildEvidenceRequest } from './evidence-request';
import { summarizeEvidence, type EvidenceSummary } from './evidence-summary';
import { formatViolation, screenExplanation } from './explanation-screen';
import { checkOutcomeClaims } from './outcome-claims';
import { planSystemPrompt } from './plan-prompt';
import { evidenceIds, PlanParseError, parsePlanText, type Plan } from './schema';
import { validatePlan, type ValidationResult } from './validate';
import type { RefusalKind } from './withheld-words';

/** One step of a finished run, as the model is told about it. */
export interface RunStepView {
  stepId: string;
  tool: string;
  status: string;
  output?: string;
  /** The tool's error, verbatim. */
  error?: string;
}

export interface ExplainRunRequest {
  plan: Plan;
  status: string;
  steps: RunStepView[];
  provider: Provider;
  scrubber: Scrubber;
  host: WorkspaceHost;
  store?: AuditStore;
  signal?: AbortSignal;
  newPlanId?: () => string;
}

export interface RunExplanation {
  /** The model's explanation (without the revised plan's JSON); undefined when it was refused. */
  explanation?: string;
  /** Why the explanation was refused, verbatim rule messages (empty when accepted). */
  rejected: string[];
  /** What each refusal is about (deduplicated, in order), for saying it in plain words. */
  refusedFor: RefusalKind[];
  /** A revised plan after a failure: validated like the first; it runs only after a new authorization. */
  revised?: { plan: Plan; validation: ValidationResult };
  /** The revised plan's JSON could not be read. */
  revisedErrors: string[];
  evidence: EvidenceSummary;
  exchangeId?: string;
}

const MAX_OUTPUT = 1500;

function runReport(r: ExplainRunRequest): string {
  const steps = r.steps.map((s) => {
    const head = `- ${s.stepId} ${s.tool}: ${s.status}${s.status === 'rejected' ? ' (the user rejected it: it was not applied)' : ''}`;
    if (s.error) return `${head}\n  error (verbatim): ${s.error}`;
    return s.output ? `${head}\n  output: ${s.output.slice(0, MAX_OUTPUT)}${s.output.length > MAX_OUTPUT ? ' …' : ''}` : head;
  });
  const failed = r.status !== 'completed';
  // A run whose every step was rejected "completed" too: the count says what took effect.
  const tookEffect = r.steps.filter((s) => s.status === 'succeeded').length;
  return [
    `The plan ${r.plan.id} (intent ${r.plan.intent}) has run; its status: ${r.status}; ${tookEffect} of ${r.steps.length} steps succeeded.`,
    'Steps:',
    ...steps,
    '',
    ('Explain the outcome in plain words, step by step where it matters. Quote every tool error exactly as written, inside backticks. State only what the ' +
      'steps and the evidence below show: no causes, no probabilities, no risk, no advice.'),
    failed
      ? ('The run did not complete. If the errors and the evidence allow a different approach, end with a revised plan as one ```json block in the plan ' +
        'schema (it will be validated and needs a new authorization); otherwise write "No revised plan: insufficient evidence."')
      : tookEffect
        ? 'The run completed: do not propose another plan.'
        : 'No step took effect: say so, say of no step that it succeeded or changed anything, and do not propose another plan.',
  ].join('\n');
}

/** Splits a reply into the explanation and the revised plan's JSON fence, if any. */
function split(reply: string): { explanation: string; planText?: string } {
  const fence = /```(?:json|JSON)?[ \t]*\r?\n[\s\S]*?```/.exec(reply);
  if (!fence) return { explanation: reply.trim() };
  return { explanation: (reply.slice(0, fence.index) + reply.slice(fence.index + fence[0].length)).trim(), planText: fence[0] };
}

/** One refusal of an explanation: its rule message, verbatim, and what it is about. */
interface Refusal {
  kind: RefusalKind;
  message: string;
}

/**
 * The refusals of an explanation: forbidden language, a tool error not quoted verbatim, evidence claims the summary does not support,
 * and a step said to have succeeded or changed something that the audit log records as rejected, failed or skipped.
 */
function refusals(explanation: string, steps: RunStepView[], evidence: EvidenceSummary, paths: Map<string, string>): Refusal[] {
  const of = (kind: RefusalKind) => (message: string): Refusal => ({ kind, message });
  const out = screenExplanation(explanation).map(formatViolation).map(of('language'));
  for (const s of steps) {
    const first = s.error?.split('\n')[0].trim();
    if (first && !explanation.includes(first))
      out.push(of('tool-error')(
        `Explanation rejected: tool errors must be surfaced verbatim: step '${s.stepId}' failed with "${first}", which the explanation does not quote`,
      ));
  }
  out.push(...checkEvidenceClaims(explanation, 'the explanation', evidenceIds, evidence.rowCounts, evidence.lines).map(of('evidence')));
  out.push(...checkOutcomeClaims(explanation, steps.map((s) => ({ ...s, path: paths.get(s.stepId) }))).map(of('outcome')));
  return out;
}

async function collect(provider: Provider, messages: ChatMessage[], signal?: AbortSignal): Promise<string> {
  let text = '';
  for await (const e of provider.stream({ messages, signal, temperature: 0 })) if (e.type === 'text') text += e.text;
  return text;
}

/**
 * After a plan has run, the model explains the outcome and, when the run failed, may propose a
 * revised plan (seed 004, section 5: failure → evidence → revised plan). The explanation passes
 * the same screen as a plan's (and must quote each tool error verbatim); a refused one gets one
 * chance to be corrected ("Response contains disallowed element…"), then is withheld with the
 * reasons. The revised plan is validated like the first; nothing runs without a new authorization.
 * Everything sent is scrubbed; the exchange and the revised plan are kept in the audit log.
 */
export async function explainRun(r: ExplainRunRequest): Promise<RunExplanation> {
  // The file each step is about: the evidence asked for, and a claim that a file was changed checked against its steps.
  const paths = new Map(r.plan.steps.flatMap((s) => {
    const file = isToolName(s.tool) ? stepPath(s.tool, s.arguments) : undefined;
    return file ? [[s.id, file] as const] : [];
  }));
  const activeFile = r.steps.map((s) => paths.get(s.stepId)).find(Boolean);
  const evidence: EvidenceSummary = r.store
    ? summarizeEvidence(
        r.store,
        buildEvidenceRequest({ activeFile, text: `${r.plan.intent} ${r.plan.steps.map((s) => s.tool).join(' ')} ${r.plan.id}` }, r.store),
      )
    : {
        lines: ['- No audit log is available: no evidence for any query'],
        rowCounts: {},
        text: 'EVIDENCE SUMMARY (read-only):\n- No audit log is available: no evidence for any query',
      };
  const messages: ChatMessage[] = [
    { role: 'system', content: r.scrubber.scrub(planSystemPrompt()).text },
    { role: 'user', content: r.scrubber.scrub(`${runReport(r)}\n\n${evidence.text}`).text },
  ];
  let reply = await collect(r.provider, messages, r.signal);
  let parts = split(reply);
  let rejected = refusals(parts.explanation, r.steps, evidence, paths);
  if (rejected.length) {
    messages.push(
      { role: 'assistant', content: r.scrubber.scrub(reply).text },
      {
        role: 'user',
        content: r.scrubber.scrub(
          `Response contains disallowed elements:\n${rejected.map((x) => x.message).join('\n')}\nCorrect or drop them and answer again.`,
        ).text,
      },
    );
    reply = await collect(r.provider, messages, r.signal);
    parts = split(reply);
    rejected = refusals(parts.explanation, r.steps, evidence, paths);
  }
  const out: RunExplanation = {
    explanation: rejected.length ? undefined : parts.explanation,
    rejected: rejected.map((x) => x.message),
    refusedFor: [...new Set(rejected.map((x) => x.kind))],
    revisedErrors: [],
    evidence,
  };
  if (parts.planText && r.status !== 'completed') {
    try {
      const plan = { ...parsePlanText(parts.planText), id: (r.newPlanId ?? (() => `plan_${randomUUID()}`))() };
      out.revised = { plan, validation: await validatePlan(plan, { host: r.host, evidenceRowCounts: evidence.rowCounts, evidenceSummary: evidence.lines }) };
    } catch (err) {
      if (!(err instanceof PlanParseError)) throw err;
      out.revisedErrors = err.errors;
    }
  }
  if (r.store) {
    if (out.revised)
      recordPlan(r.store, {
        id: out.revised.plan.id,
        intent: out.revised.plan.intent,
        plan: out.revised.plan,
        validation: out.revised.validation,
        evidence: { revises: r.plan.id, cited: out.revised.plan.evidence_referenced, rowCounts: evidence.rowCounts, summary: evidence.lines },
      });
    const prompt = messages.map((m) => `[${m.role}]\n${m.content}`).join('\n\n');
    out.exchangeId = recordExchange(r.store, { planId: r.plan.id, provider: r.provider.id, model: r.provider.model, prompt, response: reply });
  }
  return out;
}
