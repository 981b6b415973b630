import { ExitCode } from './exit-codes';
import { UsageError, type CliIO } from './io';

/** A CLI command: parses its own arguments and returns an exit code. */
export type CommandRun = (args: string[], io: CliIO) => Promise<number>;

/**
 * Loads and runs one command, turning what it throws into the CLI's contract: a usage error prints
 * its message and a pointer to `--help` (exit 2), anything else one line (exit 4), never a stack.
 */
export async function runCommand(name: string, load: () => Promise<{ run: CommandRun }>, args: string[], io: CliIO): Promise<number> {
  try {
    const mod = await load();
    return await mod.run(args, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`grounded ${name}: ${err.message}\nRun \`grounded ${name} --help\` for usage.\n`);
      return ExitCode.usage;
    }
    const message = err instanceof Error ? err.message : String(err);
    io.stderr(`grounded ${name}: ${message}\n`);
    return ExitCode.runtime;
  }
}

/**
 * Runs the CLI as this process: the exit code becomes the process's, a reader closing stdout early
 * ends it quietly. `exitWhenWritten`: a command that leaves nothing running ends as soon as its
 * output is out, without the garbage collection and event-loop drain that would follow.
 */
export function runAsProcess(run: (argv: string[]) => Promise<number>, opts: { exitWhenWritten?: boolean } = {}): void {
  // `grounded query … | head` closes stdout early: that is the reader's choice, not an error.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
  run(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
    if (!opts.exitWhenWritten) return;
    // Once both streams have taken everything written (each callback comes after the earlier writes;
    // on Windows a pipe is written asynchronously).
    let open = 2;
    const flushed = () => --open === 0 && process.exit(code);
    process.stdout.write('', flushed);
    process.stderr.write('', flushed);
  });
}
