import * as vscode from 'vscode';
import { isInsidePath, realFolder } from '../engine/workspace/contain';
import { byFolder, gitRuleFiles } from '../engine/workspace/git-repo';

/** The event kinds of the language server protocol's file events (created, changed, deleted). */
export type RuleFileChange = 1 | 2 | 3;

/**
 * Watches git's rule files that lie beyond the workspace folders (gitRuleFiles: the index and
 * `info/exclude` of a repository around a folder, the `.gitignore` of each folder above it, the
 * global excludes file). The workspace's own watcher sees only files inside a folder, so without
 * these `git rm --cached` or a new pattern in `../.gitignore` would wait for the next new file.
 * One watcher per folder holding such files, outside the workspace (allowed for a watcher whose
 * pattern names files directly, without `**`).
 */
export async function watchRuleFilesBeyond(folders: readonly string[], send: (uri: vscode.Uri, type: RuleFileChange) => void): Promise<vscode.Disposable> {
  const inside = (file: string) => folders.some((f) => isInsidePath(f, file) || isInsidePath(realFolder(f), file));
  const beyond: string[] = [];
  // Those inside a folder (its own .git/index) reach the server through the workspace's watcher.
  for (const folder of folders) for (const file of await gitRuleFiles(folder).catch(() => [])) if (!inside(file)) beyond.push(file);
  const watchers = [...byFolder(beyond)].map(([dir, names]) => {
    const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(dir), `{${[...names].join(',')}}`));
    w.onDidCreate((u) => send(u, 1));
    w.onDidChange((u) => send(u, 2));
    w.onDidDelete((u) => send(u, 3));
    return w;
  });
  return vscode.Disposable.from(...watchers);
}
