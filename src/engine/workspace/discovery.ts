// INTERIM: replaced by the real discovery (nested .gitignore, .agentignore, info/exclude...).
import { promises as fs } from 'node:fs';
import path from 'node:path';
import ignore from 'ignore';
import type { DiscoveryOptions, DiscoveryResult, WorkspaceFile } from './types';

/** Lists the files the assistant may read under `opts.root`. */
export async function discoverFiles(opts: DiscoveryOptions): Promise<DiscoveryResult> {
  const ig = ignore();
  try { ig.add(await fs.readFile(path.join(opts.root, '.gitignore'), 'utf8')); } catch { /* none */ }
  const files: WorkspaceFile[] = [];
  async function walk(dir: string) {
    for (const ent of await fs.readdir(dir, { withFileTypes: true })) {
      if (ent.name === '.git' || ent.name === 'node_modules') continue;
      const abs = path.join(dir, ent.name);
      const rel = path.relative(opts.root, abs).split(path.sep).join('/');
      if (ig.ignores(ent.isDirectory() ? rel + '/' : rel)) continue;
      if (ent.isDirectory()) await walk(abs);
      else if (ent.isFile()) {
        const st = await fs.stat(abs);
        files.push({ path: rel, absPath: abs, size: st.size, mtimeMs: st.mtimeMs });
      }
    }
  }
  await walk(opts.root);
  files.sort((a, b) => (a.path < b.path ? -1 : 1));
  return { files, skipped: [] };
}
