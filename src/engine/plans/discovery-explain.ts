import { promises as fs } from 'node:fs';
import { discoverFiles } from '../workspace/discovery';
import type { DiscoveryOptions, PathExplanation } from '../workspace/types';
import { resolveInside } from './paths';

/**
 * An `explain(path)` built on discoverFiles: visible when discovery lists the file, otherwise
 * the skip reason and detail discovery reported. Discovery runs once per host (plans are short).
 * Prefer the workspace module's explainPath where it exists: it quotes the deciding rule.
 */
export function explainFromDiscovery(opts: DiscoveryOptions): (path: string) => Promise<PathExplanation> {
  let result: ReturnType<typeof discoverFiles> | undefined;
  return async (rel) => {
    let abs: string;
    try {
      abs = resolveInside(opts.root, rel);
    } catch {
      return { path: rel, visible: false, reason: 'outside-workspace' };
    }
    result ??= discoverFiles(opts);
    const { files, skipped } = await result;
    if (files.some((f) => f.path === rel)) return { path: rel, visible: true };
    const skip = skipped.find((s) => s.path === rel || rel.startsWith(`${s.path}/`));
    if (skip) return { path: rel, visible: false, reason: skip.reason, detail: skip.detail };
    try {
      const st = await fs.stat(abs);
      if (st.isDirectory()) return { path: rel, visible: !rel.split('/').includes('.git') };
      return { path: rel, visible: false, reason: 'ignored' };
    } catch {
      return { path: rel, visible: false, reason: 'not-found' };
    }
  };
}
