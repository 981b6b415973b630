import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';
import { resolveSettings, type EngineSettings } from '../../engine/config/settings';
import { residentMayListen, residentSocketInFolder } from '../../engine/resident/socket-dir';
import type { FilesResult } from '../../engine/resident/protocol';
import { loadConfigOrUsageError } from '../config';
import { discoverFiles, explainPath } from '../../engine/workspace/discovery';
import type { ListedResult } from '../../engine/workspace/kept-result';
import { gitListing } from '../../engine/workspace/git-candidates';
import { formatRule } from '../../engine/workspace/explain';
import { readContentVerdicts } from '../../engine/retrieval/index-file';
import { indexFilePath } from '../../engine/retrieval/index-store';
import type { PathExplanation } from '../../engine/workspace/types';
import { parseCommandArgs, positiveInt, resolveRootOption } from '../args';
import { ExitCode } from '../exit-codes';
import type { CliIO } from '../io';
import { AUTO_SERVE_FILES, daemonDisabled } from '../daemon-env';

const HELP = `Usage: grounded files [--root DIR] [--explain PATH] [--json] [--max-file-size BYTES] [--no-daemon]

Prints what the assistant may read in the folder: one workspace-relative POSIX path per line,
sorted. Hidden: whatever git ignores (every .gitignore, .git/info/exclude; files git tracks stay
visible), whatever .agentignore files hide, .git/, .agent/secrets/, .agent/state/, paths more than 48
folders deep, the excluded folders (node_modules, dist, build, ...), binary files and files
larger than the size limit.
At the top of a git repository, a listing keeps its tracked part (.agent/state/listing.bin) for the
next one where Grounded keeps state already, or in a folder of 5,000 files or more (its state folder
is made, hidden from git); it is used while git's index, the settings and the .agentignore files
are the same: only what git finds changed since is looked at again.
When \`grounded serve\` runs for the folder (with the same settings), the list comes from its live
index: the same list, without listing the tree again. In a folder of 5,000 files or more that
has a search index (\`grounded index\` or a question made one), a listing no server answered starts
\`grounded serve\` in the background for the next listings and questions (a note on stderr; it
stops after 20 idle minutes).

Options:
  --root DIR             the workspace folder (default: the current folder)
  --explain PATH         say whether PATH is visible and, if not, the rule (file:line: pattern)
                         or the reason (binary, too large, excluded folder, ...) that hides it
  --json                 machine-readable output: {"files": [...], "skipped": [{path, reason, detail}]}
                         or, with --explain, {"path", "visible", "reason", "rule", "detail"}
  --max-file-size BYTES  size limit (default 1048576)
  --no-daemon            list the tree in this process, even when \`grounded serve\` runs, and start
                         no server (also GROUNDED_NO_DAEMON=1)
  -h, --help             show this help

Exit codes: 0 ok (with --explain: the path is visible), 1 with --explain: the path is hidden or
skipped, 2 usage error (unknown option, missing folder).
`;

function describe(e: PathExplanation): string {
  if (e.visible) return `visible: ${e.path}\n`;
  if (e.rule) return `hidden: ${e.path}\n  ${e.reason}: ${e.detail ?? formatRule(e.rule)}\n`;
  return `hidden: ${e.path}\n  ${e.reason}${e.detail ? `: ${e.detail}` : ''}\n`;
}

/**
 * The visible and skipped files from the folder's `grounded serve`, if one runs and has the same
 * settings; `declined` when one answered the connection but not the listing (other settings).
 */
async function fromResident(root: string, settings: EngineSettings): Promise<FilesResult | 'declined' | undefined> {
  // Loaded only when a socket file is there: without a server, a listing does not pay for node:crypto and node:net.
  const resident = residentMayListen(root) ? await (await import('../../engine/resident/context-client')).connectResident(root) : undefined;
  if (!resident) return undefined;
  try {
    return await resident.files(settings);
  } catch {
    return 'declined';
  } finally {
    resident.close();
  }
}

/**
 * git's walk of the tree for untracked files is the listing's critical path (as long as the
 * reference `git ls-files -co` alone); git's tracked listing and this process's work meanwhile
 * would take turns with it on a 2-core machine. Once the walk has started they step back a
 * little (nice +5: the walk keeps a core, the rest shares the other; about 25 ms of babel's
 * ~300 ms measured on a loaded 2-core machine). A one-shot command: the process ends with the listing.
 */
function yieldToWalk(): void {
  try {
    setPriority(5);
  } catch {
    // Not allowed here: the same listing, only without the hint.
  }
}

/**
 * A large folder's next listings are answered by a background server, as its next questions are
 * (auto-serve.ts): a listing there costs ~2× git's own, one from a server's live index less than
 * git's. Only where a search index is kept already (the folder is one questions are asked about:
 * the server loads it rather than reading every file), with the settings a server would answer for
 * (no --max-file-size of its own).
 */
async function startServerForNextListings(root: string, maxFileBytes: number | undefined, files: number, io: CliIO): Promise<void> {
  if (maxFileBytes !== undefined || files < AUTO_SERVE_FILES || !existsSync(indexFilePath(root))) return;
  // Loaded only then: the server's controls bring node:net and node:crypto, which a listing otherwise never needs.
  const { startServerForNext } = await import('./auto-serve');
  startServerForNext(root, files, io, 'the next listings and questions here skip listing the tree and loading the index');
}

/** `grounded files`: list visible files, or explain why one path is hidden. */
export async function run(args: string[], io: CliIO): Promise<number> {
  const { values } = parseCommandArgs(args, {
    root: { type: 'string' },
    explain: { type: 'string' },
    json: { type: 'boolean' },
    'max-file-size': { type: 'string' },
    'no-daemon': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(HELP);
    return ExitCode.ok;
  }
  const root = await resolveRootOption(values.root, io.cwd);
  const maxFileBytes = positiveInt('max-file-size', values['max-file-size']);
  // git's walk of the tree is most of a listing's time: it starts before anything else is read,
  // unless a `grounded serve` probably holds the list (its socket is in the folder) and may answer.
  const noDaemon = values['no-daemon'] || daemonDisabled(io.env);
  const early = new AbortController();
  const listsHere = values.explain === undefined && (noDaemon || !residentSocketInFolder(root));
  const listing = listsHere ? gitListing(root, early.signal, yieldToWalk, true) : undefined;
  try {
    // query.yaml's extra_ignore and excluded_folders hide files from answers, so they hide them here too.
    const yaml = await loadConfigOrUsageError(root);
    const opts = {
      root, maxFileBytes, sniffBinary: true,
      extraIgnore: yaml.settings.extraIgnore, excludedFolders: yaml.settings.excludedFolders,
    };
    if (values.explain !== undefined) {
      const explanation = await explainPath(opts, values.explain);
      io.stdout(values.json ? `${JSON.stringify(explanation, null, 2)}\n` : describe(explanation));
      return explanation.visible ? ExitCode.ok : ExitCode.failed;
    }
    // A running `grounded serve` holds the list live; without one (or if it declines), discovery here.
    // The saved index already read every file: its verdicts spare a sniff of each unchanged one.
    const served = noDaemon ? undefined : await fromResident(root, resolveSettings({ ...yaml.settings, maxFileBytes }));
    const knownContent = () => readContentVerdicts(indexFilePath(root));
    // A large folder's listing is kept for the next one, in a state folder made for it if need be.
    const listed = () => discoverFiles({ ...opts, gitListing: listing, knownContent, keepListing: true, keepListingFrom: AUTO_SERVE_FILES });
    const result: ListedResult | FilesResult = (served !== 'declined' && served) || (await listed());
    // A listing that kept its tracked part has its paths as text already: printed as they are.
    const asText = values.json || !('pathsText' in result) ? undefined : result.pathsText?.();
    const paths = asText ? [] : result.files.map((f) => (typeof f === 'string' ? f : f.path));
    if (asText) io.stdout(asText.text);
    else if (values.json) io.stdout(`${JSON.stringify({ root, files: paths, skipped: result.skipped }, null, 2)}\n`);
    // One join, no string per line: tens of thousands of paths in a large repository.
    else io.stdout(paths.length ? `${paths.join('\n')}\n` : '');
    const count = asText ? asText.count : paths.length;
    if (served === undefined && !noDaemon) await startServerForNextListings(root, maxFileBytes, count, io);
    return ExitCode.ok;
  } finally {
    // Whatever ended the command (a server's answer, a bad query.yaml, the listing done), no git is left running.
    early.abort();
  }
}
