import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evidenceForPlan, planEvidenceInputs } from '../../../src/engine/plans/evidence-plan';
import {
  buildEvidenceRequest,
  currentDiagnosticText,
  executionIdsIn,
  maxDiagnosticCodes,
  type EditorDiagnostic,
} from '../../../src/engine/plans/evidence-request';
import { summarizeEvidence } from '../../../src/engine/plans/evidence-summary';
import { recordExchange, recordPlan } from '../../../src/engine/audit/records';
import { parsePlanValue } from '../../../src/engine/plans/schema';
import { toolNames } from '../../../src/engine/tools/catalog';
import { freshStore, seededStore } from '../audit/seed';

const diag = (line: number, code: string | undefined, severity: EditorDiagnostic['severity'], atCursor = false): EditorDiagnostic => ({
  path: 'src/lib.rs',
  line,
  code,
  severity,
  message: `m${line}\nmore`,
  atCursor,
});

test('the editor\'s context becomes evidence subjects: every tool, the file, its diagnostic codes cursor first, ids in the request', () => {
  const diagnostics = [diag(9, 'W1', 'warning'), diag(7, 'E2', 'error'), diag(3, 'E0425', 'error', true), diag(2, undefined, 'error'), diag(8, 'E2', 'error')];
  const id = '3f2b8c1e-1111-4222-8333-444455556666';
  const req = buildEvidenceRequest({ activeFile: 'src/lib.rs', diagnostics, text: `Why did ${id.toUpperCase()} fail? See also ${id}.` });
  assert.deepEqual(req, { tools: toolNames, files: ['src/lib.rs'], diagnosticCodes: ['E0425', 'E2', 'W1'], executionIds: [id] });
  assert.equal(currentDiagnosticText(diagnostics), 'E0425 (error) at src/lib.rs#L3: m3');
  assert.equal(currentDiagnosticText([]), undefined);
  const many = Array.from({ length: 9 }, (_, i) => diag(i + 1, `C${i}`, 'error'));
  assert.equal(buildEvidenceRequest({ diagnostics: many }).diagnosticCodes?.length, maxDiagnosticCodes);
  assert.deepEqual(executionIdsIn('no ids here, plan_1 is not one'), []);
});

test('with history, the editor request runs Q1–Q8; Q5 describes the latest run on the active file', async () => {
  const { store, ids } = await seededStore();
  const req = buildEvidenceRequest({ activeFile: 'src/lib.rs', diagnostics: [diag(3, 'E0425', 'error', true)] }, store);
  assert.deepEqual(req.executionIds, [ids.fix2]);
  const s = summarizeEvidence(store, req);
  assert.deepEqual(s.rowCounts, { Q1: 4, Q2: 1, Q3: 2, Q4: 2, Q5: 1, Q6: 1, Q7: 1, Q8: 2 });
  assert.deepEqual(s.lines, [
    '- Q1 (tool_executions): {tool: "splice_patch", count: 2, succeeded: 1, last_success: true}',
    '- Q1 (tool_executions): {tool: "lsp_check", count: 2, succeeded: 2, last_success: true}',
    '- Q2 (failures): {tool: "splice_patch", count: 1, last_error: "splice_patch failed: symbol \'foo\' not found in \'src/lib.rs\'"}',
    '- Q3 (diagnostic_executions): {code: "E0425", occurrences: 2}',
    '- Q4 (file_executions): {file: "src/lib.rs", executions: 2, last: "success"}',
    `- Q5 (execution_details): {execution_id: "${ids.fix2}", tool: "splice_patch", success: true, status: "succeeded"}`,
    '- Q6 (latest_outcome): {file: "src/lib.rs", success: true, timestamp: "2023-11-14T22:13:27.912Z"}',
    '- Q7 (recurring): {code: "E0425", file: "src/lib.rs", count: 2}',
    '- Q8 (prior_fixes): {code: "E0425", fix_attempts: 2, temporal_gaps: [1234, 5678]}',
  ]);
  store.close();
});

test('many subjects without history give one "No evidence found" line per query, not one per subject', async () => {
  const { store } = await freshStore();
  const s = summarizeEvidence(store, { tools: ['file_read', 'file_write'], files: ['a.ts', 'b.ts'], diagnosticCodes: ['E1'] });
  assert.deepEqual(s.lines, [
    '- Q1 (tool_executions): No evidence found for list_executions_by_tool(tool: any of "file_read", "file_write")',
    '- Q2 (failures): No evidence found for list_failures_by_tool(tool: any of "file_read", "file_write")',
    '- Q3 (diagnostic_executions): No evidence found for find_executions_by_diagnostic_code(code: "E1")',
    '- Q4 (file_executions): No evidence found for find_executions_by_file(path: any of "a.ts", "b.ts")',
    '- Q6 (latest_outcome): No evidence found for get_latest_outcome_for_file(path: any of "a.ts", "b.ts")',
    '- Q7 (recurring): No evidence found for get_recurring_diagnostics(threshold: 2)',
    '- Q8 (prior_fixes): No evidence found for find_prior_fixes_for_diagnostic(code: "E1", file: any of "a.ts", "b.ts")',
  ]);
  store.close();
});

test('a plan checked from a file: computed from its files, the codes and ids it names; a proposed plan keeps its recorded evidence', async () => {
  const { store } = await seededStore();
  // Grounded's execution ids are UUIDs (the seeded store's test ids are not), so add one.
  const runId = '0b7e2a5c-9d41-4c3e-8f6a-2b1d0c9e8f7a';
  store.run("INSERT INTO executions (id, tool, arguments_json, started_at, status, error_text) VALUES (?, 'file_read', '{}', 1, 'failed', 'x')", [runId]);
  const handWritten = parsePlanValue({
    id: 'p1', intent: 'MUTATE', evidence_referenced: ['Q8', 'Q5'],
    steps: [{ id: 's1', tool: 'splice_patch', arguments: { file: './src/lib.rs', symbol: 'bar', with: '' } }],
    explanation: `Q8 shows 2 edits after E0425 appeared; Q5 shows ${runId} ended failed.`,
  });
  assert.deepEqual(planEvidenceInputs(handWritten, '/ws', ['E04', 'E0425']).diagnosticCodes, ['E0425'], 'codes are whole words');
  // p1 is recorded (seed) but has no model exchange: a hand-written plan reusing the id gets computed evidence.
  const computed = evidenceForPlan(store, handWritten, '/ws');
  assert.equal(computed.source, 'computed');
  assert.deepEqual(computed.rowCounts, { Q1: 5, Q2: 2, Q3: 2, Q4: 2, Q5: 1, Q6: 1, Q7: 1, Q8: 2 });

  recordPlan(store, {
    id: 'plan_proposed',
    intent: 'MUTATE',
    plan: {},
    validation: {},
    evidence: { cited: [], rowCounts: { Q4: 0, Q7: 3 }, summary: ['- Q7 (recurring): x'] },
  });
  recordExchange(store, { planId: 'plan_proposed', prompt: 'p', response: 'r' });
  const recorded = evidenceForPlan(store, { ...handWritten, id: 'plan_proposed' }, '/ws');
  assert.deepEqual(recorded, { source: 'recorded', rowCounts: { Q4: 0, Q7: 3 }, lines: ['- Q7 (recurring): x'] });
  store.close();
});
