import type { Row, AuditStore } from './store';

/**
 * The evidence queries Q1–Q8 of seed 004, as parameterised SQL over the audit log. They return
 * rows for code; the model only ever sees `summarizeEvidence` lines.
 */
const executionColumns = 'e.id, e.plan_id, e.step_id, e.tool, e.path, e.started_at, e.finished_at, e.success, e.status, e.error_text';
const farFuture = 8.64e15;

/** Q1: executions of a tool, newest first. */
export function listExecutionsByTool(store: AuditStore, tool: string, since = 0, until = farFuture, limit = 100): Row[] {
  return store.query(
    `SELECT ${executionColumns} FROM executions e WHERE e.tool = ? AND e.started_at >= ? AND e.started_at <= ? ORDER BY e.started_at DESC, e.id LIMIT ?`,
    [tool, since, until, limit],
  );
}

/** Q2: failed (or interrupted) executions of a tool, newest first. */
export function listFailuresByTool(store: AuditStore, tool: string, since = 0, limit = 100): Row[] {
  return store.query(
    (`SELECT ${executionColumns} FROM executions e WHERE e.tool = ? AND e.status IN ('failed', 'interrupted') AND e.started_at >= ? ORDER BY e.started_at ` +
      `DESC, e.id LIMIT ?`),
    [tool, since, limit],
  );
}

/** Q3: executions that reported a diagnostic code. */
export function findExecutionsByDiagnosticCode(store: AuditStore, code: string, limit = 100): Row[] {
  return store.query(
    (`SELECT DISTINCT ${executionColumns} FROM executions e JOIN diagnostics d ON d.execution_id = e.id WHERE d.code = ? ORDER BY e.started_at DESC, e.id ` +
      `LIMIT ?`),
    [code, limit],
  );
}

/** Q4: executions about a file, newest first. */
export function findExecutionsByFile(store: AuditStore, path: string, since = 0, limit = 100): Row[] {
  return store.query(`SELECT ${executionColumns} FROM executions e WHERE e.path = ? AND e.started_at >= ? ORDER BY e.started_at DESC, e.id LIMIT ?`, [
    path,
    since,
    limit,
  ]);
}

/** Q5: one execution with its artifacts (undefined when the id is unknown). */
export function getExecutionDetails(store: AuditStore, executionId: string): { execution: Row; artifacts: Row[] } | undefined {
  const [execution] = store.query(`SELECT ${executionColumns}, e.arguments_json FROM executions e WHERE e.id = ?`, [executionId]);
  if (!execution) return undefined;
  const artifacts = store.query('SELECT artifact_type, content_json, created_at FROM execution_artifacts WHERE execution_id = ? ORDER BY id', [executionId]);
  return { execution, artifacts };
}

/** Q6: the latest finished execution about a file. */
export function getLatestOutcomeForFile(store: AuditStore, path: string): Row | undefined {
  return store.query(`SELECT ${executionColumns} FROM executions e WHERE e.path = ? AND e.status != 'running' ORDER BY e.started_at DESC, e.id DESC LIMIT 1`, [
    path,
  ])[0];
}

/** Q7: diagnostic codes seen at least `threshold` times in the same file. */
export function getRecurringDiagnostics(store: AuditStore, threshold = 2, since = 0): Row[] {
  return store.query(
    ('SELECT code, path, COUNT(*) AS count, MIN(created_at) AS first_at, MAX(created_at) AS last_at FROM diagnostics WHERE code IS NOT NULL AND created_at ' +
      '>= ? GROUP BY code, path HAVING COUNT(*) >= ? ORDER BY count DESC, code, path'),
    [since, threshold],
  );
}

/**
 * Q8: edits of a file made after a diagnostic with `code` was seen in it, with the time since
 * that diagnostic (temporal adjacency only: nothing says the edit addressed it).
 */
export function findPriorFixesForDiagnostic(store: AuditStore, code: string, file?: string, since = 0): Row[] {
  return store.query(
    `SELECT e.id, e.tool, e.path, e.started_at, e.status,
       e.started_at - (SELECT MAX(d.created_at) FROM diagnostics d WHERE d.code = ? AND d.path = e.path AND d.created_at <= e.started_at) AS gap_ms
     FROM executions e
     WHERE e.tool IN ('file_write', 'file_create', 'splice_patch') AND (? IS NULL OR e.path = ?) AND e.started_at >= ?
       AND EXISTS (SELECT 1 FROM diagnostics d WHERE d.code = ? AND d.path = e.path AND d.created_at <= e.started_at)
     ORDER BY e.started_at, e.id`,
    [code, file ?? null, file ?? null, since, code],
  );
}
