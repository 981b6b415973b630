import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The folder the CLI reads API keys from (seed 001): `<root>/.agent/secrets/`. */
export function secretsDir(root: string): string {
  return path.join(root, '.agent', 'secrets');
}

/** Paths (relative to `cwd`, `/`-separated) that git tracks under `rel`; empty when git is missing or this is no repository. */
function trackedFiles(cwd: string, rel: string): Promise<string[]> {
  return new Promise((resolve) => {
    // An argument list, never a shell line; a missing git or a folder outside a repository is no warning.
    execFile('git', ['ls-files', '-z', '--', rel], { cwd, timeout: 5000 }, (err, stdout) => {
      resolve(err ? [] : stdout.split('\0').filter(Boolean));
    });
  });
}

/**
 * Keeps `.agent/secrets/` out of git whenever Grounded reads from it: writes a `.gitignore` of `*`
 * inside when there is none (as for `.agent/state/`), so a key file never shows up as untracked
 * or gets committed by `git add .`. A `.gitignore` cannot untrack what is already committed, so
 * each key file git tracks comes back as a warning that says how to fix it.
 */
export async function guardSecretsDir(root: string): Promise<string[]> {
  const dir = secretsDir(root);
  if (!existsSync(dir)) return [];
  const ignoreFile = path.join(dir, '.gitignore');
  if (!existsSync(ignoreFile)) {
    try {
      writeFileSync(ignoreFile, '*\n');
    } catch {
      // A read-only checkout: the tracked-file warning below still tells the user what matters.
    }
  }
  const tracked = (await trackedFiles(root, path.join('.agent', 'secrets'))).filter((f) => path.posix.basename(f) !== '.gitignore');
  return tracked.map(
    (f) =>
      `${f} is tracked by git, so the key is in the repository's history; run: git rm --cached ${f} — and replace the key, since anyone with a clone has it.`,
  );
}
