import path from 'node:path';
import { loadConfigOrUsageError } from '../config';
import { indexFilePath, openIndex, saveIndex, staleness, type LoadOutcome } from '../../engine/retrieval/index-store';
import { formatBytes } from '../../engine/workspace/read';
import { parseCommandArgs, resolveRootOption } from '../args';
import { ExitCode } from '../exit-codes';
import type { CliIO } from '../io';

const HELP = `Usage: grounded index [--root DIR] [--status] [--json]

Builds or updates the workspace's search index, kept in .agent/state/index.bin (shared with the
VS Code extension; git never sees it). Only files whose size or modification time changed are read
again; an index that is corrupt, truncated or from another version is rebuilt. \`grounded query\`
updates the index itself before searching, so running this is optional (it makes the next query fast).

Options:
  --root DIR   the workspace folder (default: the current folder)
  --status     say how fresh the saved index is (files new, changed or removed since), without updating it
  --json       machine-readable output: {files, chunks, bytes, tookMs, reused, reread, removed, ...}
               or, with --status, {indexed, upToDate, added, changed, removed, savedAt, ...}
  -h, --help   show this help

Exit codes: 0 ok (with --status: the index is up to date), 1 with --status: the index is missing or
behind the files, 2 usage error.
`;

function loadedNote(loaded: LoadOutcome): string {
  if (loaded.status === 'rebuilt') return ` (the saved index was not usable: ${loaded.reason}; rebuilt)`;
  return '';
}

function ago(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 90) return `${s} s ago`;
  if (s < 5400) return `${Math.round(s / 60)} min ago`;
  return `${Math.round(s / 3600)} h ago`;
}

/** `grounded index`: build or update the on-disk index and say what was done; `--status` says how fresh it is. */
export async function run(args: string[], io: CliIO): Promise<number> {
  const { values } = parseCommandArgs(args, {
    root: { type: 'string' },
    status: { type: 'boolean' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(HELP);
    return ExitCode.ok;
  }
  const root = await resolveRootOption(values.root, io.cwd);
  const yaml = await loadConfigOrUsageError(root);
  const { index, loaded } = await openIndex({ root, settings: yaml.settings });
  const file = path.relative(root, indexFilePath(root)).split(path.sep).join('/');
  if (values.status) {
    const st = await staleness(index);
    const usable = loaded.status === 'loaded';
    const upToDate = usable && st.added + st.changed + st.removed === 0;
    const savedAt = usable ? loaded.savedAt : null;
    if (values.json) {
      io.stdout(
        JSON.stringify(
          {
            root,
            index: file,
            indexed: usable,
            upToDate,
            files: index.fileCount,
            chunks: index.liveChunks,
            visibleFiles: st.visible,
            added: st.added,
            changed: st.changed,
            removed: st.removed,
            savedAt: savedAt === null ? null : new Date(savedAt).toISOString(),
            problem: loaded.status === 'rebuilt' ? loaded.reason : null,
          },
          null,
          2,
        ) + '\n',
      );
    } else if (!usable) {
      io.stdout(
        loaded.status === 'missing'
          ? `no index yet: run grounded index (or ask a question: grounded query builds it)\n`
          : `the saved index is not usable (${loaded.reason}): run grounded index to rebuild it\n`,
      );
    } else {
      const head = (`index: ${index.fileCount.toLocaleString('en-US')} files, ${index.liveChunks.toLocaleString('en-US')} chunks, saved ` +
        `${ago(Date.now() - loaded.savedAt)} in ${file}`);
      io.stdout(
        upToDate
          ? `${head}\nup to date with the ${st.visible.toLocaleString('en-US')} visible files\n`
          : `${head}\nbehind the files: ${st.added} new, ${st.changed} changed, ${st.removed} removed since; run grounded index to update it\n`,
      );
    }
    return upToDate ? ExitCode.ok : ExitCode.failed;
  }
  const report = await index.refresh();
  const saved = index.unsaved ? await saveIndex(index).catch((err: NodeJS.ErrnoException) => {
    throw new Error(`cannot write ${file} (${err.code ?? err.message}); check that the folder is writable.`);
  }) : undefined;
  if (values.json) {
    io.stdout(
      JSON.stringify(
        {
          root,
          index: file,
          ...report,
          saved: saved !== undefined,
          indexBytes: saved ?? null,
          loaded: loaded.status,
          problem: loaded.status === 'rebuilt' ? loaded.reason : null,
        },
        null,
        2,
      ) + '\n',
    );
  } else {
    const what =
      report.reread === 0 && report.removed === 0
        ? 'up to date'
        : (`${report.reread.toLocaleString('en-US')} read (${formatBytes(report.bytes)}), ${report.reused.toLocaleString('en-US')} unchanged, ` +
          `${report.removed.toLocaleString('en-US')} removed`);
    io.stdout(
      (`indexed ${report.files.toLocaleString('en-US')} files, ${report.chunks.toLocaleString('en-US')} chunks in ${(report.tookMs / 1000).toFixed(2)} s: ` +
        `${what}${loadedNote(loaded)}\n${saved !== undefined ? `saved ${file} (${formatBytes(saved)})\n` : ''}`),
    );
  }
  return ExitCode.ok;
}
