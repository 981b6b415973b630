import { resolveSettings } from '../../engine/config/settings';
import { AlreadyServingError, startResidentServer } from '../../engine/resident/context-server';
import { warmUpEngine } from '../../engine/session/workspace-session';
import { loadConfigOrUsageError } from '../config';
import { parseCommandArgs, positiveInt, resolveRootOption } from '../args';
import { ExitCode } from '../exit-codes';
import { UsageError, type CliIO } from '../io';
import { count, describeServer, DETACHED_IDLE_MINUTES, serveDetached, serveStatus, serveStop } from './serve-control';

const HELP = `Usage: grounded serve [--root DIR] [--idle-minutes N] [--detach]
       grounded serve --status [--json] | --stop [--root DIR]

Keeps the folder's index in memory, current through file watching, and builds the context of
\`grounded query\` questions (and the list of \`grounded files\`) asked in that folder while it
runs: a question then costs the CLI's start and the ranking (about 0.2 s on a 27 K-file repository
instead of 0.65 s), with the same scrubbed context and the same output. It listens on a local
socket only your user can open (.agent/state/serve.sock) and logs counts and times, never a
question. Questions with @mentions, with tools for a model or asked with other index settings
are answered by the CLI itself, as without a server. While the folder is open in a trusted VS Code
window with Grounded, its index server answers the same way (--status names it) and no second
server is started.

Options:
  --root DIR          the workspace folder (default: the current folder)
  --idle-minutes N    stop after N minutes without a request (default: run until stopped;
                      with --detach: ${DETACHED_IDLE_MINUTES})
  --detach            run in the background (log: .agent/state/serve.log); returns once it answers
  --status            say whether a server answers for the folder, and its state (--json: as JSON)
  --stop              stop the folder's server
  -h, --help          show this help

Exit codes: 0 stopped (Ctrl-C, SIGTERM, idle, --stop), started (--detach), running (--status) or
stopped one (--stop); 1 another server already answers for the folder (--status, --stop: none
answers); 2 usage error; 4 a detached server did not start (see its log).
`;

/** `grounded serve`: a resident index for `grounded query`, until stopped. */
export async function run(args: string[], io: CliIO): Promise<number> {
  const { values } = parseCommandArgs(args, {
    root: { type: 'string' },
    'idle-minutes': { type: 'string' },
    detach: { type: 'boolean' },
    status: { type: 'boolean' },
    stop: { type: 'boolean' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(HELP);
    return ExitCode.ok;
  }
  const root = await resolveRootOption(values.root, io.cwd);
  const idleMinutes = positiveInt('idle-minutes', values['idle-minutes']);
  if ([values.detach, values.status, values.stop].filter(Boolean).length > 1) throw new UsageError('use one of --detach, --status and --stop');
  if (values.json && !values.status) throw new UsageError('--json goes with --status');
  if (values.status) return serveStatus(root, Boolean(values.json), io);
  if (values.stop) return serveStop(root, io);
  if (values.detach) return serveDetached(root, idleMinutes, io);
  const config = await loadConfigOrUsageError(root, io.env);
  for (const w of config.warnings) io.stderr(`warning: ${w}\n`);
  const settings = resolveSettings(config.settings);
  const log = (line: string) => io.stderr(`grounded serve: ${line}\n`);
  let lastQuestion = Date.now();
  let stop: ((reason: string) => void) | undefined;
  let stopReason: string | undefined;
  log(`indexing ${root}…`);
  let server;
  try {
    server = await startResidentServer({
      root,
      settings,
      onActivity: () => {
        lastQuestion = Date.now();
      },
      onShutdown: () => {
        // Asked during the first build, before the wait below began: it stops as soon as it begins.
        stopReason = 'stopped by grounded serve --stop';
        stop?.(stopReason);
      },
      onAnswered: ({ queryId, chunks, tokens, ms }) => {
        // Counts only: a question's text never goes to a log.
        log(`question ${queryId.slice(0, 8)}: ${chunks} chunks, ${count(tokens)} tokens, ${Math.round(ms)} ms`);
      },
      onListed: ({ files, ms }) => log(`listing: ${count(files)} files, ${Math.round(ms)} ms`),
      onWatchLost: (reason) => log(`watching for changes stopped (${reason}): each question now looks at the file list first`),
      onError: (err) => log(`error: ${err instanceof Error ? err.message : String(err)}`),
    });
  } catch (err) {
    if (!(err instanceof AlreadyServingError)) throw err;
    io.stderr(`grounded serve: ${err.message}\ngrounded serve: ${await describeServer(root)}\n`);
    return ExitCode.failed;
  }
  // The tokenizer and the scrubber loaded now, not by the first question.
  warmUpEngine(settings.encoding);
  const watched = server.watcher.unreliable ? 'not watching for changes' : `${count(server.watcher.folders)} folders watched`;
  log(`answering for ${root} (${count(server.folder.index.fileCount)} files, ${watched}) on ${server.socketPath}; Ctrl-C stops it`);
  const reason = await new Promise<string>((resolve) => {
    stop = resolve;
    if (stopReason) resolve(stopReason);
    process.once('SIGINT', () => resolve('interrupted'));
    process.once('SIGTERM', () => resolve('terminated'));
    if (idleMinutes) {
      const timer = setInterval(() => {
        if (Date.now() - lastQuestion >= idleMinutes * 60_000) resolve(`no request for ${idleMinutes} min`);
      }, Math.min(60_000, idleMinutes * 15_000));
      timer.unref();
    }
  });
  await server.close();
  log(`stopped (${reason})`);
  return ExitCode.ok;
}
