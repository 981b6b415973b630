import { ExitCode } from './exit-codes';
import { processIO, type CliIO } from './io';
import { runCommand, type CommandRun } from './run-command';
import { didYouMean } from './args';

interface CommandEntry {
  summary: string;
  load: () => Promise<{ run: CommandRun }>;
}

// Commands load lazily so `grounded check-url` does not pay for tiktoken or sql.js.
const commands: Record<string, CommandEntry> = {
  query: { summary: 'Answer a question about the workspace (ranked snippets with no model)', load: () => import('./commands/query') },
  index: { summary: 'Build or update the on-disk search index; --status says how fresh it is', load: () => import('./commands/index-command') },
  serve: { summary: 'Keep the index live in memory and answer `grounded query` from it (until Ctrl-C)', load: () => import('./commands/serve') },
  files: { summary: 'List what the assistant may read; --explain PATH says why a file is hidden', load: () => import('./commands/files') },
  scrub: { summary: 'Print exactly what the scrubber lets out of FILE or stdin', load: () => import('./commands/scrub') },
  metrics: { summary: 'Show the query metrics (Prometheus text format)', load: () => import('./commands/metrics') },
  'check-url': { summary: 'Decide whether a URL may be fetched (SSRF rules), without connecting', load: () => import('./commands/check-url') },
  plan: { summary: 'plan check FILE.json: validate a plan', load: () => import('./commands/plan') },
  audit: { summary: 'audit show ID: reconstruct an execution from the audit log', load: () => import('./commands/audit') },
  memory: { summary: 'memory sql "SELECT ...": read-only SQL over the conversation memory', load: () => import('./commands/memory') },
};

function usage(): string {
  const width = Math.max(...Object.keys(commands).map((c) => c.length));
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return [
    'Usage: grounded <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    'Run `grounded <command> --help` for the options of one command.',
    'Exit codes: 0 ok, 1 check failed, 2 usage error, 3 URL blocked, 4 runtime error.',
    '',
  ].join('\n');
}

/** Runs the CLI with the given arguments; returns the exit code. */
export async function main(argv: string[], io: CliIO = processIO): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(usage());
    return name ? ExitCode.ok : ExitCode.usage;
  }
  if (name === '--version' || name === '-v') {
    io.stdout('grounded 0.1.0\n');
    return ExitCode.ok;
  }
  const entry = commands[name];
  if (!entry) {
    io.stderr(`grounded: unknown command '${name}'.${didYouMean(name, Object.keys(commands))}\n\n${usage()}`);
    return ExitCode.usage;
  }
  return runCommand(name, entry.load, rest, io);
}
