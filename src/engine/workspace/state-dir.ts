import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Creates a folder Grounded keeps its own state in (`.agent/state/`: memory, audit log, metrics,
 * URL cache) and, when it has to create it, a `.gitignore` of `*` inside, so the state never
 * shows up as untracked files in the user's repository or gets committed by accident.
 */
export function ensureStateDir(dir: string): void {
  if (existsSync(dir)) return;
  mkdirSync(dir, { recursive: true });
  if (path.basename(dir) === 'state' && path.basename(path.dirname(dir)) === '.agent') writeFileSync(path.join(dir, '.gitignore'), '*\n');
}
