import type { EvidenceId } from './schema';
import {
  findExecutionsByDiagnosticCode, findExecutionsByFile, findPriorFixesForDiagnostic, getExecutionDetails,
  getLatestOutcomeForFile, getRecurringDiagnostics, listExecutionsByTool, listFailuresByTool,
} from '../audit/evidence';
import type { AuditStore } from '../audit/store';

/**
 * What the evidence is about: each query runs once per subject it is given (Q1/Q2 per tool,
 * Q3/Q8 per diagnostic code, Q4/Q6 per file, Q5 per execution id; Q7 always, narrowed to the
 * files when there are any). The singular fields are the same as one-element lists.
 */
export interface EvidenceRequest {
  tool?: string;
  tools?: readonly string[];
  file?: string;
  files?: readonly string[];
  diagnosticCode?: string;
  diagnosticCodes?: readonly string[];
  executionId?: string;
  executionIds?: readonly string[];
  /** Q7 threshold (default 2). */
  recurringThreshold?: number;
  since?: number;
}

export interface EvidenceSummary {
  /** One line per query and subject with rows (or one "No evidence found" line per query), in Q order. */
  lines: string[];
  /** Rows each query returned over all its subjects (feeds plan validation's "insufficient evidence" check). */
  rowCounts: Partial<Record<EvidenceId, number>>;
  /** The block for a prompt. */
  text: string;
}

const q = (value: unknown) => JSON.stringify(value);
const iso = (ms: unknown) => (typeof ms === 'number' ? new Date(ms).toISOString() : 'unknown');
const subjects = (one: string | undefined, many: readonly string[] | undefined) => [...new Set([...(one ? [one] : []), ...(many ?? [])].filter(Boolean))];

/** `tool: "a"`, or `tool: any of "a", "b"` when the query ran for several subjects. */
const argText = (name: string, values: string[]) => `${name}: ${values.length === 1 ? q(values[0]) : `any of ${values.map(q).join(', ')}`}`;

/**
 * Runs one query per subject: a line for each subject with rows; when none has rows, a single
 * `No evidence found for …` line naming them all (so many empty subjects do not flood the prompt).
 */
function perSubject(
  out: { lines: string[]; rowCounts: Partial<Record<EvidenceId, number>> },
  id: EvidenceId, label: string, call: (values: string[]) => string, values: string[],
  run: (value: string) => { count: number; line: string },
): void {
  if (values.length === 0) return;
  let total = 0;
  for (const v of values) {
    const r = run(v);
    total += r.count;
    if (r.count > 0) out.lines.push(`- ${id} (${label}): ${r.line}`);
  }
  out.rowCounts[id] = total;
  if (total === 0) out.lines.push(`- ${id} (${label}): No evidence found for ${call(values)}`);
}

/**
 * Runs the evidence queries that apply to `req` and turns their rows into the seed's summary
 * lines: counts, last outcomes, verbatim last errors, temporal gaps. Never raw rows.
 */
export function summarizeEvidence(store: AuditStore, req: EvidenceRequest): EvidenceSummary {
  const out = { lines: [] as string[], rowCounts: {} as Partial<Record<EvidenceId, number>> };
  const since = req.since ?? 0;
  const tools = subjects(req.tool, req.tools);
  const files = subjects(req.file, req.files);
  const codes = subjects(req.diagnosticCode, req.diagnosticCodes);
  const executionIds = subjects(req.executionId, req.executionIds);

  perSubject(out, 'Q1', 'tool_executions', (v) => `list_executions_by_tool(${argText('tool', v)})`, tools, (tool) => {
    const rows = listExecutionsByTool(store, tool, since, undefined, 10_000);
    return {
      count: rows.length,
      line: rows.length
        ? (`{tool: ${q(tool)}, count: ${rows.length}, succeeded: ${rows.filter((r) => r.status === 'succeeded').length}, last_success: ` +
          `${rows[0].status === 'succeeded'}}`)
        : '',
    };
  });
  perSubject(out, 'Q2', 'failures', (v) => `list_failures_by_tool(${argText('tool', v)})`, tools, (tool) => {
    const rows = listFailuresByTool(store, tool, since, 10_000);
    return { count: rows.length, line: rows.length ? `{tool: ${q(tool)}, count: ${rows.length}, last_error: ${q(rows[0].error_text ?? '')}}` : '' };
  });
  perSubject(out, 'Q3', 'diagnostic_executions', (v) => `find_executions_by_diagnostic_code(${argText('code', v)})`, codes, (code) => {
    const rows = findExecutionsByDiagnosticCode(store, code, 10_000);
    return { count: rows.length, line: `{code: ${q(code)}, occurrences: ${rows.length}}` };
  });
  perSubject(out, 'Q4', 'file_executions', (v) => `find_executions_by_file(${argText('path', v)})`, files, (file) => {
    const rows = findExecutionsByFile(store, file, since, 10_000);
    return {
      count: rows.length,
      line: rows.length ? `{file: ${q(file)}, executions: ${rows.length}, last: ${q(rows[0].status === 'succeeded' ? 'success' : rows[0].status)}}` : '',
    };
  });
  perSubject(out, 'Q5', 'execution_details', (v) => `get_execution_details(${argText('execution_id', v)})`, executionIds, (executionId) => {
    const d = getExecutionDetails(store, executionId);
    return {
      count: d ? 1 : 0,
      line: d
        ? `{execution_id: ${q(executionId)}, tool: ${q(d.execution.tool)}, success: ${d.execution.status === 'succeeded'}, status: ${q(d.execution.status)}}`
        : '',
    };
  });
  perSubject(out, 'Q6', 'latest_outcome', (v) => `get_latest_outcome_for_file(${argText('path', v)})`, files, (file) => {
    const r = getLatestOutcomeForFile(store, file);
    return { count: r ? 1 : 0, line: r ? `{file: ${q(file)}, success: ${r.status === 'succeeded'}, timestamp: ${q(iso(r.finished_at ?? r.started_at))}}` : '' };
  });
  const threshold = req.recurringThreshold ?? 2;
  const recurring = getRecurringDiagnostics(store, threshold, since).filter((r) => files.length === 0 || files.includes(String(r.path)));
  out.rowCounts.Q7 = recurring.length;
  out.lines.push(recurring.length
    ? recurring.slice(0, 5).map((r) => `- Q7 (recurring): {code: ${q(r.code)}, file: ${q(r.path)}, count: ${r.count}}`).join('\n')
    : `- Q7 (recurring): No evidence found for get_recurring_diagnostics(threshold: ${threshold})`);
  perSubject(
    out,
    'Q8',
    'prior_fixes',
    (v) => `find_prior_fixes_for_diagnostic(${argText('code', v)}${files.length ? `, ${argText('file', files)}` : ''})`,
    codes,
    (code) => {
      // One file: the query narrows itself; several: run unnarrowed and keep the rows about those files.
      const fixes = findPriorFixesForDiagnostic(store, code, files.length === 1 ? files[0] : undefined, since).filter(
        (f) => files.length <= 1 || files.includes(String(f.path)),
      );
      return { count: fixes.length, line: `{code: ${q(code)}, fix_attempts: ${fixes.length}, temporal_gaps: [${fixes.map((f) => f.gap_ms).join(', ')}]}` };
    },
  );
  return { ...out, text: ['EVIDENCE SUMMARY (read-only):', ...out.lines].join('\n') };
}
