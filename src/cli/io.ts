import { createInterface } from 'node:readline';

/** Where a CLI command writes; passed in so tests can capture output without spawning. */
export interface CliIO {
  /** Text, or bytes already encoded (a large listing printed as it was kept). */
  stdout(text: string | Uint8Array): void;
  stderr(text: string): void;
  readStdin(): Promise<string>;
  /** Standard input line by line, as typed (for `query --chat`); absent, readStdin() is split into lines. */
  readLines?(): AsyncIterable<string>;
  /** True when a person is typing (stdin is a terminal): prompts are shown only then. */
  interactive?: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** Thrown by a command for a usage error; main prints the message and exits with code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const processIO: CliIO = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  readStdin: async () => {
    const parts: Buffer[] = [];
    for await (const part of process.stdin) parts.push(part as Buffer);
    return Buffer.concat(parts).toString('utf8');
  },
  readLines: () => createInterface({ input: process.stdin, crlfDelay: Infinity }),
  // Asked when needed: touching process.stdin builds its stream (a few ms of every command's start).
  get interactive() {
    return Boolean(process.stdin.isTTY);
  },
  env: process.env,
  cwd: process.cwd(),
};
