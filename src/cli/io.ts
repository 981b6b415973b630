/** Where a CLI command writes; passed in so tests can capture output without spawning. */
export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  readStdin(): Promise<string>;
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
  env: process.env,
  cwd: process.cwd(),
};
