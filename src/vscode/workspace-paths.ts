import * as vscode from 'vscode';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { toWorkspaceRelative } from '../engine/workspace/explain';

/** The workspace folders as the engine's mention roots, or undefined in a single-folder window (paths stay root-relative). */
export function workspaceRoots(): { name: string; path: string }[] | undefined {
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
  return folders.length > 1 ? folders.map((f) => ({ name: f.name, path: f.uri.fsPath })) : undefined;
}

/**
 * The file a workspace path from an answer names. Paths are relative to `root` (the folder the
 * answer came from); in a multi-root window, attached files read `name/rel`, so when the path does
 * not exist under `root` and its first segment names a workspace folder, it is `<that folder>/rel`.
 * Undefined when the path would leave the folder.
 */
export function uriForWorkspacePath(root: string, p: string): vscode.Uri | undefined {
  const rel = toWorkspaceRelative(root, p);
  if (rel === undefined) return undefined;
  const abs = path.join(root, ...rel.split('/'));
  const [first, ...rest] = rel.split('/');
  const folder = rest.length && !existsSync(abs) ? workspaceRoots()?.find((f) => f.name === first) : undefined;
  const inner = folder && toWorkspaceRelative(folder.path, rest.join('/'));
  return vscode.Uri.file(folder && inner ? path.join(folder.path, ...inner.split('/')) : abs);
}
