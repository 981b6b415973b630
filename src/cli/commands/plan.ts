import type { CliIO } from '../io';

// Placeholder until the command's issue lands: says so instead of pretending to work.
export async function run(_args: string[], io: CliIO): Promise<number> {
  io.stderr('grounded plan: not available in this build yet.\n');
  return 4;
}
