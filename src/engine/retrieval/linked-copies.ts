import { realRelativeSync } from '../workspace/contain';
import { discoverFiles } from '../workspace/discovery';
import type { DiscoveryOptions, DiscoveryResult, WorkspaceFile } from '../workspace/types';

/**
 * The files to index: the listed files less the symbolic links whose target is listed too. A link
 * inside the workspace is its target's text a second time under another name (ansible's
 * bin/ansible-galaxy is lib/ansible/cli/galaxy.py), so it took a second place in the answer with the
 * same chunks, and the one a developer would open, edit or cite is the real path. A link whose target
 * is not listed (in a folder Grounded does not walk) stays: it is the only copy. One realpath per link.
 */
export function withoutLinkedCopies(root: string, files: WorkspaceFile[]): WorkspaceFile[] {
  if (!files.some((f) => f.link)) return files;
  const real = new Set(files.flatMap((f) => (f.link ? [] : [f.path])));
  return files.filter((f) => {
    if (!f.link) return true;
    const target = realRelativeSync(root, f.absPath);
    return target === undefined || !real.has(target);
  });
}

/** The workspace's files as the index reads them: discovery's listing without the linked copies. */
export async function discoverIndexable(opts: DiscoveryOptions): Promise<DiscoveryResult> {
  const listed = await discoverFiles(opts);
  return { ...listed, files: withoutLinkedCopies(opts.root, listed.files) };
}
