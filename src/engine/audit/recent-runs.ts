import type { AuditStore } from './store';

/** A plan or a lone execution in the audit log, as the "Reconstruct run…" list shows it. */
export interface RecentRun {
  id: string;
  label: string;
  detail: string;
  /** A plan's logged JSON, for a title in words (the session layer makes it: audit does not read plans). */
  planJson?: string;
}

/** Recent plans and executions outside plans, newest first. */
export function listRecentRuns(store: AuditStore, limit = 30): RecentRun[] {
  const plans = store.query('SELECT id, intent, created_at, plan_json FROM plans ORDER BY created_at DESC LIMIT ?', [limit]);
  const executions = store.query('SELECT id, tool, status, path, started_at FROM executions WHERE plan_id IS NULL ORDER BY started_at DESC LIMIT ?', [limit]);
  const rows = [
    ...plans.map((p) => ({
      at: Number(p.created_at),
      id: String(p.id),
      label: `plan ${String(p.id)}`,
      detail: `${String(p.intent)} · ${new Date(Number(p.created_at)).toLocaleString()}`,
      planJson: String(p.plan_json),
    })),
    ...executions.map((e) => ({
      at: Number(e.started_at),
      id: String(e.id),
      label: `${String(e.tool)} ${e.path ? String(e.path) : ''}`.trim(),
      detail: `${String(e.status)} · ${new Date(Number(e.started_at)).toLocaleString()}`,
    })),
  ];
  return rows.sort((a, b) => b.at - a.at).slice(0, limit).map(({ at: _at, ...run }) => run);
}
