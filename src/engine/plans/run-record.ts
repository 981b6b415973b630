import type { ReconstructedExchange, ReconstructedStep, Reconstruction } from '../audit/reconstruct';
import { CANCELLED_BY_USER, REJECTED_BY_USER } from './executor';
import { intentWord } from './intent-words';
import { planShortName, planTitle, RUN_NAME_CHARS } from './plan-title';
import type { Plan } from './schema';
import { fenceFor, longestBacktickRun } from '../text/backticks';

/**
 * The "Reconstruct run…" document as Markdown a person reads in a preview: what the plan was, what
 * each step did and who decided, then the evidence and the model exchanges. The same facts as the
 * CLI's `audit show` text; model-written and user-written values stay verbatim inside code spans
 * or fences, so nothing in them is taken as Markdown.
 */
export function reconstructionMarkdown(r: Reconstruction, source: string, at: Date): string {
  const plan = r.plan?.plan as { explanation?: unknown } | undefined;
  const explanation = typeof plan?.explanation === 'string' ? plan.explanation.trim() : '';
  // Headed in words, as the plan view names the plan; the id (what was asked for) follows.
  const title = explanation && r.plan ? planTitle({ explanation, intent: r.plan.intent as Plan['intent'], steps: [] }) : '';
  const out = title
    ? [`# Grounded run: ${escapeMarkdown(title)}`, '', `Run ${code(r.id)}, reconstructed from ${code(source)} on ${at.toISOString()}.`, '']
    : [`# Grounded run ${code(r.id)}`, '', `Reconstructed from ${code(source)} on ${at.toISOString()}.`, ''];
  if (r.plan) pushAll(out, planSection(r, explanation));
  pushAll(out, stepsSection(r.steps));
  if (r.plan) pushAll(out, evidenceSection(r.plan));
  if (r.exchanges.length) pushAll(out, ['## Model exchanges', '', ...r.exchanges.flatMap(exchangeLines), '']);
  return withOneFinalNewline(out.join('\n'));
}

/** Appends `items` one by one: `out.push(...items)` throws past ~100 K arguments (a kept reply or an error of that many lines). */
function pushAll(out: string[], items: readonly string[]): void {
  for (const item of items) out.push(item);
}

/**
 * `text` ending in exactly one newline, by hand: `/\n+$/` tried each newline of a run that text follows again to its end
 * (a model exchange holding 100 K blank lines before a word took seconds).
 */
function withOneFinalNewline(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 10) end--;
  return end === text.length ? text : `${text.slice(0, end)}\n`;
}

/**
 * The record's tab title, short enough to be read whole after the preview's "Preview " in a narrow
 * editor group: the plan's sentence when short, else the files it changed ("Run: README.md"); the
 * heading inside says the whole sentence and the id. A record with no readable plan is named by the
 * start of its id.
 */
export function runRecordTitle(r: Reconstruction): string {
  const plan = r.plan?.plan as { explanation?: unknown; steps?: unknown } | undefined;
  if (r.plan && plan && Array.isArray(plan.steps)) {
    const explanation = typeof plan.explanation === 'string' ? plan.explanation : undefined;
    return `Run: ${planShortName({ explanation, intent: r.plan.intent as Plan['intent'], steps: plan.steps })}`;
  }
  return r.id.length > RUN_NAME_CHARS + 1 ? `Run ${r.id.slice(0, RUN_NAME_CHARS)}…` : `Run ${r.id}`;
}

/** Model text as plain words in a heading: every Markdown punctuation character escaped, so none of it is markup. */
const escapeMarkdown = (text: string) => text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, '\\$&');

const time = (ms: unknown) => (typeof ms === 'number' ? new Date(ms).toISOString() : 'not recorded');

/** `text` as inline code on one line: a backtick run longer than any inside, padded when it starts or ends with one. */
function code(text: string): string {
  // Each blank run holding a newline becomes one space, as `/\s*\n\s*/g` did, without retrying blank runs no newline ends.
  const flat = text.replace(/\s+/g, (run) => (run.includes('\n') ? ' ' : run));
  const ticks = '`'.repeat(longestBacktickRun(flat) + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}

/** `text` verbatim in a fence longer than any backtick run in it (kept text may hold fences). */
function fenced(text: string, lang = 'text'): string[] {
  const fence = fenceFor(text);
  return [`${fence}${lang}`, ...text.trimEnd().split('\n'), fence];
}

function planSection(r: Reconstruction, explanation: string): string[] {
  const p = r.plan!;
  const validation = p.validation as { valid?: boolean; issues?: Array<{ message: string }> } | undefined;
  const out = ['## Plan', ''];
  if (explanation) pushAll(out, [...fenced(explanation), '']);
  out.push(`- Plan ${code(p.id)}: ${intentWord(p.intent)} (${code(p.intent)}), created ${time(p.createdAt)}`);
  out.push(`- Validation: ${validation?.valid ? 'valid' : '**invalid**'}`);
  for (const issue of validation?.issues ?? []) out.push(`  - ${code(issue.message)}`);
  for (const a of r.planAuthorizations) out.push(`- Whole plan authorized: ${a.decision} (${a.mode}) at ${time(a.decided_at)}`);
  return [...out, ''];
}

/** The file a step works on, named by the argument every file tool uses for it. */
function target(args: unknown): string | undefined {
  const a = (args ?? {}) as Record<string, unknown>;
  const value = a.path ?? a.file ?? a.pattern ?? a.name;
  return typeof value === 'string' ? value : undefined;
}

/** Arguments without long texts: a file's whole new contents would bury the step; its size and hash stay in the audit log. */
function shortArguments(args: unknown): string {
  const shorten = (_k: string, v: unknown) => (typeof v === 'string' && v.length > 120 ? `… ${v.split('\n').length} lines, ${v.length} characters` : v);
  const shown = JSON.stringify(args, shorten);
  return shown ?? 'none';
}

/** An artifact: an object's fields one per line (hashes and sizes side by side read better than one long JSON). */
function artifactLines(a: { type: string; content: unknown }): string[] {
  const c = a.content;
  if (!c || typeof c !== 'object' || Array.isArray(c)) return [`- ${a.type}: ${code(JSON.stringify(c) ?? 'none')}`];
  const fields = Object.entries(c as Record<string, unknown>).map(([k, v]) => `  - ${k}: ${code(typeof v === 'string' ? v : JSON.stringify(v) ?? '')}`);
  return [`- ${a.type}:`, ...fields];
}

/** 'rejected' or 'cancelled' for a step the user turned down: a decision, which the record does not show as an error. */
function declinedBy(errorText: unknown): string | undefined {
  if (errorText === REJECTED_BY_USER) return 'rejected';
  if (errorText === CANCELLED_BY_USER) return 'cancelled';
  return undefined;
}

function stepLines(s: ReconstructedStep): string[] {
  const e = s.execution;
  const on = target(s.arguments);
  const status = e.status === 'succeeded' ? 'succeeded' : `**${String(e.status)}**`;
  const decided = s.authorizations.map((a) => `${a.decision === 'accept' ? 'accepted' : 'rejected'} (${a.mode})`).join(', ');
  const out = [
    `### Step ${code(String(e.step_id ?? '-'))}: ${code(String(e.tool))}${on ? ` on ${code(on)}` : ''}: ${status}`,
    '',
    `- Decision: ${decided || 'none asked'}`,
    `- Execution ${code(String(e.id))}: started ${time(e.started_at)}, finished ${time(e.finished_at)}`,
    `- Arguments: ${code(shortArguments(s.arguments))}`,
  ];
  for (const a of s.artifacts) pushAll(out, artifactLines(a));
  const declined = e.status === 'rejected' ? declinedBy(e.error_text) : undefined;
  if (declined) out.push(`- Not run: ${declined} by the user; nothing was written`);
  else if (e.error_text) pushAll(out, ['- Error (verbatim):', '', ...fenced(String(e.error_text)).map((l) => `  ${l}`)]);
  return [...out, ''];
}

function stepsSection(steps: ReconstructedStep[]): string[] {
  if (!steps.length) return ['## Steps', '', 'No step ran.', ''];
  const tally = new Map<string, number>();
  for (const s of steps) tally.set(String(s.execution.status), (tally.get(String(s.execution.status)) ?? 0) + 1);
  const said = [...tally].map(([status, n]) => `${n} ${status}`).join(', ');
  return ['## Steps', '', `${steps.length} step${steps.length === 1 ? '' : 's'}: ${said}.`, '', ...steps.flatMap(stepLines)];
}

function evidenceSection(p: NonNullable<Reconstruction['plan']>): string[] {
  const evidence = p.evidence as { cited?: string[]; summary?: string[] } | undefined;
  const out = ['## Evidence', '', `Cited by the plan: ${evidence?.cited?.length ? evidence.cited.map(code).join(', ') : 'none'}.`, ''];
  for (const line of evidence?.summary ?? []) out.push(`- ${code(line.replace(/^-\s*/, ''))}`);
  return [...out, ''];
}

function exchangeLines(x: ReconstructedExchange): string[] {
  const size = (n: number | null) => (n === null ? 'size unknown' : `${n} bytes`);
  const out = [
    `- ${code(x.id)} at ${time(x.createdAt)}: ${x.provider ?? 'unknown provider'} / ${x.model ?? 'unknown model'}`,
    `  - prompt: ${size(x.promptBytes)}, sha256 ${code(x.promptSha256)}`,
    `  - response: ${size(x.responseBytes)}, sha256 ${code(x.responseSha256)}`,
  ];
  if (x.keptText === null) out.push('  - text: not kept (hashes only)');
  else pushAll(out, ['  - text kept (scrubbed):', '', ...fenced(x.keptText).map((l) => `    ${l}`), '']);
  return out;
}
