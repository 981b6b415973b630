/** A Prometheus-style histogram with fixed upper bounds (cumulative when exported). */
interface Histogram {
  buckets: number[];
  counts: number[];
  sum: number;
  count: number;
}

export interface MetricsSnapshot {
  queryTotal: Record<string, number>;
  latency: Histogram;
  contextTokens: Histogram;
  completionTokens: Histogram;
}

const LATENCY_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const TOKEN_BUCKETS = [128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768];

function histogram(buckets: number[]): Histogram {
  return { buckets, counts: buckets.map(() => 0), sum: 0, count: 0 };
}

function observe(h: Histogram, value: number): void {
  h.sum += value;
  h.count++;
  const i = h.buckets.findIndex((b) => value <= b);
  if (i >= 0) h.counts[i]++;
}

/**
 * The query metrics of seed 001, kept in process and exported in Prometheus text format:
 * agent_query_latency_seconds, agent_query_total{status}, agent_query_context_tokens,
 * agent_query_completion_tokens.
 */
export class MetricsRegistry {
  private data: MetricsSnapshot;

  constructor(snapshot?: MetricsSnapshot) {
    this.data = snapshot ?? {
      queryTotal: { success: 0, failure: 0, rate_limited: 0 },
      latency: histogram(LATENCY_BUCKETS),
      contextTokens: histogram(TOKEN_BUCKETS),
      completionTokens: histogram(TOKEN_BUCKETS),
    };
  }

  /** Records one query. */
  record(q: { status: 'success' | 'failure' | 'rate_limited'; latencySeconds: number; contextTokens?: number; completionTokens?: number }): void {
    this.data.queryTotal[q.status] = (this.data.queryTotal[q.status] ?? 0) + 1;
    observe(this.data.latency, q.latencySeconds);
    if (q.contextTokens !== undefined) observe(this.data.contextTokens, q.contextTokens);
    if (q.completionTokens !== undefined) observe(this.data.completionTokens, q.completionTokens);
  }

  /** Adds the counts of another registry's snapshot (same buckets), e.g. one process's queries to the saved totals. */
  add(other: MetricsSnapshot): void {
    for (const [status, n] of Object.entries(other.queryTotal)) this.data.queryTotal[status] = (this.data.queryTotal[status] ?? 0) + n;
    const merge = (into: Histogram, from: Histogram) => {
      if (from.buckets.join() !== into.buckets.join()) throw new Error('metrics buckets differ: cannot add these histograms');
      from.counts.forEach((c, i) => { into.counts[i] += c; });
      into.sum += from.sum;
      into.count += from.count;
    };
    merge(this.data.latency, other.latency);
    merge(this.data.contextTokens, other.contextTokens);
    merge(this.data.completionTokens, other.completionTokens);
  }

  snapshot(): MetricsSnapshot {
    return structuredClone(this.data);
  }

  /** Prometheus text exposition format (version 0.0.4). */
  toPrometheus(): string {
    const lines: string[] = [
      '# HELP agent_query_total Queries answered, by outcome.',
      '# TYPE agent_query_total counter',
      ...['success', 'failure', 'rate_limited'].map((s) => `agent_query_total{status="${s}"} ${this.data.queryTotal[s] ?? 0}`),
    ];
    const hist = (name: string, help: string, h: Histogram) => {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} histogram`);
      let cumulative = 0;
      h.buckets.forEach((b, i) => {
        cumulative += h.counts[i];
        lines.push(`${name}_bucket{le="${b}"} ${cumulative}`);
      });
      lines.push(`${name}_bucket{le="+Inf"} ${h.count}`, `${name}_sum ${Number(h.sum.toFixed(6))}`, `${name}_count ${h.count}`);
    };
    hist('agent_query_latency_seconds', 'Time from question to complete answer.', this.data.latency);
    hist('agent_query_context_tokens', 'Tokens of workspace context sent per query.', this.data.contextTokens);
    hist('agent_query_completion_tokens', 'Tokens the model generated per query.', this.data.completionTokens);
    return `${lines.join('\n')}\n`;
  }
}
