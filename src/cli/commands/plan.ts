import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import type { PlanEvidence } from '../../engine/plans/evidence-plan';
import { defaultDatabasePath } from '../../engine/audit/store';
import { loadConfigOrUsageError } from '../config';
import { explainCommand } from './plan-explain';
import { MAX_PLAN_BYTES, oversizePlanError, PlanParseError, parsePlanText } from '../../engine/plans/schema';
import { openWorkspaceSession } from '../../engine/session/workspace-session';
import { parseCommandArgs } from '../args';
import { ExitCode } from '../exit-codes';
import { UsageError, type CliIO } from '../io';

const help = `Usage: grounded plan check FILE.json [--root DIR] [--db FILE] [--json]
       grounded plan explain ID [--root DIR] [--db FILE] [--json]

Validates a plan (JSON, optionally inside a \`\`\`json fence) against the plan schema, the tool
list and the preconditions in the workspace DIR (default: the current folder), and prints each
error exactly as the extension shows it. Claims about history are checked against the
workspace's audit log when it exists: a plan the extension proposed uses the evidence it was
proposed with; any other plan, evidence about its own tools, files, ids and diagnostic codes.

Options:
  --root DIR   workspace root the plan's paths are relative to
  --db FILE    audit database (default: DIR/.agent/state/grounded.db; none there = no evidence)
  --json       print {"valid": bool, "errors": [{code, stepId, message}], "evidence": {source, rowCounts}}
  -h, --help   this text

explain ID: the model (query.yaml's) explains how a recorded run went — ID is a plan id or one of
its execution ids (grounded audit list) — quoting each tool error verbatim, under the same screen
as plans (no causes, probabilities, risk or advice; claims must match the evidence). When the run
failed it may propose a revised plan: it is validated and printed, never run.
  --json       print {"planId", "status", "explanation", "rejected", "revised": {plan, valid, errors}, "revisedErrors"}

Exit codes: check: 0 valid, 1 invalid, 2 usage error.
            explain: 0 explained, 1 the explanation was withheld (the reasons are printed),
            2 usage error (unknown id, no model configured), 4 the model failed.
`;

/** `grounded plan check FILE.json`: validates a plan without running it. */
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
  const [sub, file, ...extra] = positionals;
  if (sub !== 'check' && sub !== 'explain')
    throw new UsageError(sub ? `unknown subcommand '${sub}' (expected 'check' or 'explain')` : "missing subcommand 'check' or 'explain'");
  if (sub === 'explain') {
    if (!file) throw new UsageError('missing ID (a plan id or an execution id, see grounded audit list)');
    if (extra.length) throw new UsageError(`unexpected argument '${extra[0]}'`);
    const root = path.resolve(io.cwd, values.root ?? '.');
    return explainCommand(file, { root, db: values.db ? path.resolve(io.cwd, values.db) : undefined, json: values.json }, io);
  }
  if (!file) throw new UsageError('missing FILE.json');
  if (extra.length) throw new UsageError(`unexpected argument '${extra[0]}'`);
  const root = path.resolve(io.cwd, values.root ?? '.');
  const stat = await fs.stat(root).catch(() => undefined);
  if (!stat?.isDirectory()) throw new UsageError(`--root '${values.root ?? '.'}' is not a folder`);
  let text: string | undefined;
  let size = 0;
  try {
    // An oversize file is refused by its size, before it is read.
    size = (await fs.stat(path.resolve(io.cwd, file))).size;
    if (size <= MAX_PLAN_BYTES) text = await fs.readFile(path.resolve(io.cwd, file), 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
    throw new UsageError(`cannot read '${file}': ${why}. Pass the path of a plan's JSON file.`);
  }
  // The same database the audit and memory commands read; a workspace without one has no history.
  const dbFile = values.db ? path.resolve(io.cwd, values.db) : defaultDatabasePath(root);
  if (values.db && !existsSync(dbFile)) throw new UsageError(`--db '${values.db}' does not exist`);
  let errors: Array<{ code: string; stepId?: string; message: string }>;
  let evidence: Pick<PlanEvidence, 'source' | 'rowCounts'> = { source: 'computed', rowCounts: {} };
  // query.yaml's extra_ignore and excluded_folders hide files from answers, so plans cannot read or write them either.
  const hidden = await hiddenBySettings(root);
  const session = openWorkspaceSession({
    root,
    settings: () => hidden,
    database: existsSync(dbFile) ? { file: dbFile } : undefined,
    onStoreNotice: (notice) => io.stderr(`warning: ${notice}\n`),
  });
  try {
    if (text === undefined) throw oversizePlanError(size);
    const checked = await session.checkPlan(parsePlanText(text));
    errors = checked.validation.issues;
    if (checked.evidence) evidence = checked.evidence;
  } catch (err) {
    if (!(err instanceof PlanParseError)) throw err;
    errors = err.errors.map((message) => ({ code: 'schema', message }));
  } finally {
    session.dispose();
  }
  if (values.json)
    io.stdout(JSON.stringify({ valid: errors.length === 0, errors, evidence: { source: evidence.source, rowCounts: evidence.rowCounts } }, null, 2) + '\n');
  else if (errors.length === 0) io.stdout('Plan is valid.\n');
  else io.stdout(errors.map((e) => e.message).join('\n') + '\n');
  return errors.length === 0 ? ExitCode.ok : ExitCode.failed;
}

/** What query.yaml hides (extra_ignore, excluded_folders); a bad file is a usage error naming the key. */
async function hiddenBySettings(root: string): Promise<{ extraIgnore?: string[]; excludedFolders?: string[] }> {
  const { settings } = await loadConfigOrUsageError(root);
  return { extraIgnore: settings.extraIgnore, excludedFolders: settings.excludedFolders };
}
