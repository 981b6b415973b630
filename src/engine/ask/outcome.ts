import type { BuiltContext } from '../context/types';
import type { MetricsRegistry } from '../metrics/registry';
import type { Logger } from '../telemetry/log';

/** What one query leaves in the log and the metrics: ids, counts, timings, statuses; never text. */
export interface QueryOutcome {
  queryId: string;
  queryHash: string;
  provider?: string;
  model?: string;
  ctx?: BuiltContext;
  historyTokens: number;
  completionTokens?: number;
  retries: number;
  /** Read-only tool rounds the model used (seed 003 allows 3). */
  toolRounds?: number;
  /** The answer's status, or `failure`/`rate_limited`/`cancelled` when ask() throws. */
  status: string;
  /** Set on failure: a ProviderError kind, or the stage that threw (mention_resolution, context_build). */
  errorKind?: string;
}

/** The metrics label of an outcome (seed 001 knows success, failure and rate_limited only). */
function metricStatus(o: QueryOutcome): 'success' | 'failure' | 'rate_limited' {
  if (o.status === 'rate_limited') return 'rate_limited';
  return o.errorKind || o.status === 'failure' || o.status === 'offline' || o.status === 'incomplete' ? 'failure' : 'success';
}

/**
 * Records one finished query: one `query.done` log record (level error when it failed, so
 * failures stand out) and one observation in the metrics. `files` counts distinct files, not chunks.
 */
export function recordOutcome(o: QueryOutcome, startedMs: number, logger: Logger, metrics?: MetricsRegistry): void {
  const latencySeconds = (performance.now() - startedMs) / 1000;
  metrics?.record({ status: metricStatus(o), latencySeconds, contextTokens: o.ctx?.totalTokens, completionTokens: o.completionTokens });
  const chunks = o.ctx?.chunks ?? [];
  const fields = {
    queryId: o.queryId, queryHash: o.queryHash, provider: o.provider ?? 'none', model: o.model ?? 'none',
    files: new Set(chunks.map((c) => c.path)).size, chunks: chunks.length, filesSearched: o.ctx?.filesSearched ?? 0,
    contextTokens: o.ctx?.totalTokens ?? 0, historyTokens: o.historyTokens, completionTokens: o.completionTokens ?? 0,
    latencyMs: Math.round(latencySeconds * 1000), status: o.status, retries: o.retries, toolRounds: o.toolRounds ?? 0,
    ...(o.errorKind ? { errorKind: o.errorKind } : {}),
  };
  if (o.errorKind) logger.error('query.done', fields);
  else logger.info('query.done', fields);
}
