import { existsSync } from 'node:fs';
import path from 'node:path';
import { defaultDatabasePath } from '../../engine/audit/store';
import { openWorkspaceSession } from '../../engine/session/workspace-session';
import { parseCommandArgs } from '../args';
import { ExitCode } from '../exit-codes';
import { UsageError, type CliIO } from '../io';

const help = `Usage: grounded audit show ID [--root DIR] [--db FILE] [--json]

Reconstructs a past execution from the audit log: the plan, its validation and evidence, every
step with its authorizations, artifacts and verbatim errors. ID is an execution id or a plan id.

Options:
  --root DIR   workspace root (default: the current folder)
  --db FILE    database file (default: DIR/.agent/state/grounded.db)
  --json       print the reconstruction as JSON
  -h, --help   this text

Exit codes: 0 found, 1 not found, 2 usage error.
`;

/** `grounded audit show ID`: prints the full story of an execution. */
export async function run(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    root: { type: 'string' },
    db: { type: 'string' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(help);
    return ExitCode.ok;
  }
  const [sub, id, ...extra] = positionals;
  if (sub !== 'show') throw new UsageError(sub ? `unknown subcommand '${sub}' (expected 'show')` : "missing subcommand 'show'");
  if (!id) throw new UsageError('missing execution id');
  if (extra.length) throw new UsageError(`unexpected argument '${extra[0]}'`);
  const root = path.resolve(io.cwd, values.root ?? '.');
  const file = values.db ? path.resolve(io.cwd, values.db) : defaultDatabasePath(root);
  if (!existsSync(file)) {
    io.stderr(`No audit log at ${file}: nothing has been recorded in this workspace.\n`);
    return ExitCode.failed;
  }
  const session = openWorkspaceSession({ root, database: { file }, onStoreNotice: (notice) => io.stderr(`warning: ${notice}
`) });
  try {
    const story = await session.reconstruct(id);
    if (!story) {
      io.stderr(`No execution or plan with id '${id}' in ${file}.\n`);
      return ExitCode.failed;
    }
    if (values.json) {
      const { text: _text, ...data } = story;
      io.stdout(JSON.stringify(data, null, 2) + '\n');
    } else io.stdout(story.text);
    return ExitCode.ok;
  } finally {
    session.dispose();
  }
}
