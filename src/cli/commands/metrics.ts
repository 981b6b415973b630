import { loadMetrics, metricsPath } from '../../engine/metrics/store';
import { parseCommandArgs, resolveRootOption } from '../args';
import { ExitCode } from '../exit-codes';
import type { CliIO } from '../io';

const HELP = `Usage: grounded metrics [--root DIR] [--json]

Shows the query metrics recorded by \`grounded query\` in this workspace (kept in
.agent/state/metrics.json), in Prometheus text format:
  agent_query_total{status="success|failure|rate_limited"}   counter
  agent_query_latency_seconds                                 histogram
  agent_query_context_tokens, agent_query_completion_tokens   histograms

Options:
  --root DIR   the workspace folder (default: the current folder)
  --json       the raw counters and histogram buckets as JSON
  -h, --help   show this help

Exit codes: 0 ok, 2 usage error.
`;

/** `grounded metrics`: the persisted query metrics, Prometheus text or JSON. */
export async function run(args: string[], io: CliIO): Promise<number> {
  const { values } = parseCommandArgs(args, { root: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    io.stdout(HELP);
    return ExitCode.ok;
  }
  const root = await resolveRootOption(values.root, io.cwd);
  const registry = await loadMetrics(root);
  io.stdout(values.json ? `${JSON.stringify({ file: metricsPath(root), ...registry.snapshot() }, null, 2)}\n` : registry.toPrometheus());
  return ExitCode.ok;
}
