import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Text that must never reach a listing, a tool result, a mention or a model. */
export const HIDDEN_MARKERS = {
  env: 'DB_PASSWORD=HiddenEnvValue77',
  secretHelper: 'helperFromSecrets',
  privateHelper: 'helperFromPrivate',
  generated: 'generatedSecretMarker',
  vendored: 'vendoredSecretMarker',
  gitConfig: 'gitConfigMarker',
  outside: 'outsideMarker',
} as const;

export interface HostileWorkspace {
  root: string;
  outside: string;
  /** True when a FIFO could be made here (mkfifo exists). */
  fifo: boolean;
}

/**
 * A workspace built to trick visibility: links to hidden files and folders (a git-ignored .env,
 * .agent/secrets, .git), links leading outside or to nothing, a FIFO, a root file named
 * `..notes.md` (a legal name inside the root), and query.yaml hiding `gen/` and `vendor/`.
 */
export function makeHostileWorkspace(): HostileWorkspace {
  const root = mkdtempSync(path.join(os.tmpdir(), 'grounded-hostile-'));
  const outside = mkdtempSync(path.join(os.tmpdir(), 'grounded-outside-'));
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };
  write('.gitignore', '.env\nprivate/\n*.log\n');
  write('.env', `${HIDDEN_MARKERS.env}\n`);
  write('.agent/secrets/helper.ts', `export function ${HIDDEN_MARKERS.secretHelper}() { return 1; }\n`);
  write('.agent/etc/query.yaml', 'extra_ignore: ["gen/"]\nexcluded_folders: [vendor]\n');
  write('private/helper.ts', `export function ${HIDDEN_MARKERS.privateHelper}() { return 2; }\n`);
  write('gen/secret.ts', `export const ${HIDDEN_MARKERS.generated} = 1;\n`);
  write('vendor/lib.ts', `export const ${HIDDEN_MARKERS.vendored} = 1;\n`);
  write('.git/config', `[core]\n# ${HIDDEN_MARKERS.gitConfig}\n`);
  mkdirSync(path.join(root, '.git', 'hooks'), { recursive: true });
  write('src/app.ts', 'export function visibleApp() { return helperCall(); }\n');
  write('..notes.md', 'Notes in a file whose name starts with two dots.\n');
  writeFileSync(path.join(outside, 'data.txt'), `${HIDDEN_MARKERS.outside}\n`);
  symlinkSync('.env', path.join(root, 'notes.txt'));
  symlinkSync(path.join('.agent', 'secrets'), path.join(root, 'sec'));
  symlinkSync('.git', path.join(root, 'gitlink'));
  symlinkSync(path.join('private', 'helper.ts'), path.join(root, 'priv.ts'));
  symlinkSync(path.join('gen', 'secret.ts'), path.join(root, 'gen-alias.ts'));
  symlinkSync(outside, path.join(root, 'outlink'));
  symlinkSync(path.join(root, 'nowhere'), path.join(root, 'dangling'));
  symlinkSync(path.join('src', 'app.ts'), path.join(root, 'app-alias.ts'));
  let fifo = true;
  try {
    execFileSync('mkfifo', [path.join(root, 'pipe.txt')]);
  } catch {
    fifo = false;
  }
  return { root, outside, fifo };
}
