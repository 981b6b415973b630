import type { EvidenceId } from '../plans/schema';
import {
  findExecutionsByDiagnosticCode, findExecutionsByFile, findPriorFixesForDiagnostic, getExecutionDetails,
  getLatestOutcomeForFile, getRecurringDiagnostics, listExecutionsByTool, listFailuresByTool,
} from './evidence';
import type { AuditStore } from './store';

/** What the evidence is about: each query runs when its subject is given. */
export interface EvidenceRequest {
  tool?: string;
  file?: string;
  diagnosticCode?: string;
  executionId?: string;
  /** Q7 threshold (default 2). */
  recurringThreshold?: number;
  since?: number;
}

export interface EvidenceSummary {
  /** One line per query run, in Q order, e.g. `- Q1 (tool_executions): {tool: "splice_patch", count: 3, last_success: true}`. */
  lines: string[];
  /** Rows each query returned (feeds plan validation's "insufficient evidence" check). */
  rowCounts: Partial<Record<EvidenceId, number>>;
  /** The block for a prompt. */
  text: string;
}

const q = (value: unknown) => JSON.stringify(value);
const iso = (ms: unknown) => (typeof ms === 'number' ? new Date(ms).toISOString() : 'unknown');
const none = (id: EvidenceId, label: string, call: string) => `- ${id} (${label}): No evidence found for ${call}`;

/**
 * Runs the evidence queries that apply to `req` and turns their rows into the seed's summary
 * lines: counts, last outcomes, verbatim last errors, temporal gaps. Never raw rows.
 */
export function summarizeEvidence(store: AuditStore, req: EvidenceRequest): EvidenceSummary {
  const lines: string[] = [];
  const rowCounts: Partial<Record<EvidenceId, number>> = {};
  const since = req.since ?? 0;
  if (req.tool) {
    const rows = listExecutionsByTool(store, req.tool, since, undefined, 10_000);
    rowCounts.Q1 = rows.length;
    lines.push(rows.length ? `- Q1 (tool_executions): {tool: ${q(req.tool)}, count: ${rows.length}, succeeded: ${rows.filter((r) => r.status === 'succeeded').length}, last_success: ${rows[0].status === 'succeeded'}}` : none('Q1', 'tool_executions', `list_executions_by_tool(tool: ${q(req.tool)})`));
    const fails = listFailuresByTool(store, req.tool, since, 10_000);
    rowCounts.Q2 = fails.length;
    lines.push(fails.length ? `- Q2 (failures): {tool: ${q(req.tool)}, count: ${fails.length}, last_error: ${q(fails[0].error_text ?? '')}}` : none('Q2', 'failures', `list_failures_by_tool(tool: ${q(req.tool)})`));
  }
  if (req.diagnosticCode) {
    const rows = findExecutionsByDiagnosticCode(store, req.diagnosticCode, 10_000);
    rowCounts.Q3 = rows.length;
    lines.push(rows.length ? `- Q3 (diagnostic_executions): {code: ${q(req.diagnosticCode)}, occurrences: ${rows.length}}` : none('Q3', 'diagnostic_executions', `find_executions_by_diagnostic_code(code: ${q(req.diagnosticCode)})`));
  }
  if (req.file) {
    const rows = findExecutionsByFile(store, req.file, since, 10_000);
    rowCounts.Q4 = rows.length;
    lines.push(rows.length ? `- Q4 (file_executions): {file: ${q(req.file)}, executions: ${rows.length}, last: ${q(rows[0].status === 'succeeded' ? 'success' : rows[0].status)}}` : none('Q4', 'file_executions', `find_executions_by_file(path: ${q(req.file)})`));
  }
  if (req.executionId) {
    const d = getExecutionDetails(store, req.executionId);
    rowCounts.Q5 = d ? 1 : 0;
    lines.push(d ? `- Q5 (execution_details): {execution_id: ${q(req.executionId)}, tool: ${q(d.execution.tool)}, success: ${d.execution.status === 'succeeded'}, status: ${q(d.execution.status)}}` : none('Q5', 'execution_details', `get_execution_details(execution_id: ${q(req.executionId)})`));
  }
  if (req.file) {
    const r = getLatestOutcomeForFile(store, req.file);
    rowCounts.Q6 = r ? 1 : 0;
    lines.push(r ? `- Q6 (latest_outcome): {file: ${q(req.file)}, success: ${r.status === 'succeeded'}, timestamp: ${q(iso(r.finished_at ?? r.started_at))}}` : none('Q6', 'latest_outcome', `get_latest_outcome_for_file(path: ${q(req.file)})`));
  }
  const recurring = getRecurringDiagnostics(store, req.recurringThreshold ?? 2, since).filter((r) => !req.file || r.path === req.file);
  rowCounts.Q7 = recurring.length;
  lines.push(recurring.length ? recurring.slice(0, 5).map((r) => `- Q7 (recurring): {code: ${q(r.code)}, file: ${q(r.path)}, count: ${r.count}}`).join('\n') : none('Q7', 'recurring', `get_recurring_diagnostics(threshold: ${req.recurringThreshold ?? 2})`));
  if (req.diagnosticCode) {
    const fixes = findPriorFixesForDiagnostic(store, req.diagnosticCode, req.file, since);
    rowCounts.Q8 = fixes.length;
    lines.push(fixes.length ? `- Q8 (prior_fixes): {code: ${q(req.diagnosticCode)}, fix_attempts: ${fixes.length}, temporal_gaps: [${fixes.map((f) => f.gap_ms).join(', ')}]}` : none('Q8', 'prior_fixes', `find_prior_fixes_for_diagnostic(code: ${q(req.diagnosticCode)}${req.file ? `, file: ${q(req.file)}` : ''})`));
  }
  return { lines, rowCounts, text: ['EVIDENCE SUMMARY (read-only):', ...lines].join('\n') };
}
