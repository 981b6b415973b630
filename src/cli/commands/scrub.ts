import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createScrubber, formatRedactionCounts, totalRedactions } from '../../engine/privacy/scrubber';
import { parseCommandArgs, resolveRootOption } from '../args';
import { ExitCode } from '../exit-codes';
import { UsageError, type CliIO } from '../io';

const HELP = `Usage: grounded scrub [FILE|-] [--root DIR] [--json]

Prints exactly the text the scrubber would let out to a model: secrets and personal data are
replaced by placeholders such as [REDACTED:aws_access_key#1]; every other byte is unchanged.
The redaction counts go to stderr, e.g. "redactions: aws_access_key=1 email=2 (3 total)".

Arguments:
  FILE        the file to scrub, relative to --root; "-" or nothing reads stdin

Options:
  --root DIR  the folder FILE is relative to (default: the current folder)
  --json      print {"text", "redactions", "total"} as JSON on stdout (nothing on stderr)
  -h, --help  show this help

Exit codes: 0 ok, 2 usage error (bad option, missing folder, missing or unreadable file, not UTF-8 text).
`;

async function readInput(file: string | undefined, root: string, io: CliIO): Promise<string> {
  if (file === undefined || file === '-') return io.readStdin();
  const path = resolve(root, file);
  const info = await stat(path).catch(() => undefined);
  if (!info) throw new UsageError(`cannot read '${file}': no such file. Check the path, or pass - to read stdin.`);
  if (!info.isFile()) throw new UsageError(`cannot read '${file}': not a regular file. Pass a file, or - to read stdin.`);
  const bytes = await readFile(path);
  try {
    // ignoreBOM keeps a byte-order mark in the output, so the file round-trips byte for byte.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new UsageError(`cannot scrub '${file}': it is not UTF-8 text. The scrubber reads text files only.`);
  }
}

/** `grounded scrub [FILE|-] [--json]`: print what the scrubber lets out, counts on stderr. */
export async function run(args: string[], io: CliIO): Promise<number> {
  const parsed = parseCommandArgs(args, { root: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } });
  if (parsed.values.help) {
    io.stdout(HELP);
    return ExitCode.ok;
  }
  if (parsed.positionals.length > 1) throw new UsageError('give at most one FILE (or - for stdin).');
  const root = await resolveRootOption(parsed.values.root, io.cwd);
  const text = await readInput(parsed.positionals[0], root, io);
  const outcome = createScrubber().scrub(text);
  if (parsed.values.json) {
    const result = { text: outcome.text, redactions: outcome.redactions, total: totalRedactions(outcome.redactions) };
    io.stdout(`${JSON.stringify(result, null, 2)}\n`);
    return ExitCode.ok;
  }
  io.stdout(outcome.text);
  io.stderr(`redactions: ${formatRedactionCounts(outcome.redactions)}\n`);
  return ExitCode.ok;
}
