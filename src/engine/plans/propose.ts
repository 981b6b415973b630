import { randomUUID } from 'node:crypto';
import { buildEvidenceRequest } from './evidence-request';
import { summarizeEvidence, type EvidenceRequest, type EvidenceSummary } from './evidence-summary';
import { recordExchange, recordPlan } from '../audit/records';
import type { AuditStore } from '../audit/store';
import type { ChatMessage, Provider } from '../llm/types';
import type { ScrubbedText, Scrubber } from '../privacy/types';
import { nullLogger, type Logger } from '../telemetry/log';
import type { WorkspaceHost } from '../tools/host';
import { planSystemPrompt, planUserPrompt } from './plan-prompt';
import { PlanParseError, parsePlanText, type Plan } from './schema';
import { validatePlan, type ValidationResult } from './validate';

export interface ProposePlanRequest {
  /** The user's request, raw: it is scrubbed here before it goes anywhere. */
  request: string;
  provider: Provider;
  /** One scrubber per request, shared with the retrieved context so placeholders agree. */
  scrubber: Scrubber;
  host: WorkspaceHost;
  /** The audit log: evidence comes from it, and the plan and the exchange are recorded in it. */
  store?: AuditStore;
  /** What the evidence queries are about (buildEvidenceRequest); default: every tool, the current file, ids in the request. */
  evidence?: EvidenceRequest;
  /** Rendered retrieved context (renderContext), already scrubbed by the same scrubber. */
  context?: ScrubbedText;
  currentFile?: string;
  currentDiagnostic?: string;
  /** Keep the scrubbed prompt and reply in the audit log (otherwise only their hashes). */
  keepExchangeText?: boolean;
  queryId?: string;
  signal?: AbortSignal;
  logger?: Logger;
  /** Plan ids are assigned by Grounded (the seed: every plan gets a UUID); injectable for tests. */
  newPlanId?: () => string;
}

export interface ProposePlanResult {
  /** The parsed plan (also when validation failed, so the user can see and edit it). */
  plan?: Plan;
  /** Parse or validation messages, verbatim and in a fixed order; empty when the plan is valid. */
  errors: string[];
  validation?: ValidationResult;
  evidence: EvidenceSummary;
  /** The model's reply (scrubbed input in, so it holds placeholders, never the secrets). */
  reply: string;
  exchangeId?: string;
}

const noEvidence: EvidenceSummary = {
  lines: ['- No audit log is available: no evidence for any query (insufficient evidence for claims about history)'],
  rowCounts: {},
  text: 'EVIDENCE SUMMARY (read-only):\n- No audit log is available: no evidence for any query (insufficient evidence for claims about history)',
};

async function collect(provider: Provider, messages: ChatMessage[], signal?: AbortSignal): Promise<string> {
  let text = '';
  for await (const event of provider.stream({ messages, signal, temperature: 0 })) {
    if (event.type === 'text') text += event.text;
  }
  return text;
}

/**
 * Asks the model for a structured plan (seed 004): a fixed plan-only system prompt, the request,
 * the evidence summary (Q1–Q8 summaries, never rows) and the retrieved context, all scrubbed.
 * The reply is parsed (a ```json fence is fine) and validated; an invalid plan comes back with
 * its messages verbatim. No retries, no repair: the same reply always gives the same result.
 * Provider failures are thrown as ProviderError. The exchange is recorded as hashes, plus the
 * scrubbed text when `keepExchangeText` is set.
 */
export async function proposePlan(req: ProposePlanRequest): Promise<ProposePlanResult> {
  const logger = req.logger ?? nullLogger;
  const evidence = req.store
    ? summarizeEvidence(req.store, req.evidence ?? buildEvidenceRequest({ activeFile: req.currentFile, text: req.request }, req.store))
    : noEvidence;
  const user = planUserPrompt({
    request: req.request,
    evidence: evidence.text,
    currentFile: req.currentFile,
    currentDiagnostic: req.currentDiagnostic,
    context: req.context,
  });
  const messages: ChatMessage[] = [
    { role: 'system', content: req.scrubber.scrub(planSystemPrompt()).text },
    { role: 'user', content: req.scrubber.scrub(user).text },
  ];
  const started = Date.now();
  const reply = await collect(req.provider, messages, req.signal);
  logger.info('plan.proposed', { queryId: req.queryId, provider: req.provider.id, replyChars: reply.length, ms: Date.now() - started });

  let plan: Plan | undefined;
  let errors: string[] = [];
  let validation: ValidationResult | undefined;
  try {
    plan = { ...parsePlanText(reply), id: (req.newPlanId ?? (() => `plan_${randomUUID()}`))() };
  } catch (err) {
    if (!(err instanceof PlanParseError)) throw err;
    errors = err.errors;
  }
  if (plan) {
    validation = await validatePlan(plan, { host: req.host, evidenceRowCounts: evidence.rowCounts, evidenceSummary: evidence.lines });
    errors = validation.issues.map((i) => i.message);
  }

  let exchangeId: string | undefined;
  if (req.store) {
    if (plan) {
      recordPlan(req.store, {
        id: plan.id,
        intent: plan.intent,
        plan,
        validation,
        evidence: { cited: plan.evidence_referenced, rowCounts: evidence.rowCounts, summary: evidence.lines },
      });
    }
    const prompt = messages.map((m) => `[${m.role}]\n${m.content}`).join('\n\n');
    // The reply only ever saw scrubbed text, but it is scrubbed again before it is kept.
    const kept = req.keepExchangeText ? `${prompt}\n\n[assistant]\n${req.scrubber.scrub(reply).text}` : undefined;
    exchangeId = recordExchange(req.store, {
      planId: plan?.id,
      queryId: req.queryId,
      provider: req.provider.id,
      model: req.provider.model,
      prompt,
      response: reply,
      keptText: kept,
    });
  }
  logger.info('plan.validated', { queryId: req.queryId, valid: errors.length === 0, errors: errors.length, steps: plan?.steps.length ?? 0 });
  return { plan, errors, validation, evidence, reply, exchangeId };
}
