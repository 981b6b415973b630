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
 * How answers write a file of the folder `root`: relative to it, or `name/rel` in a window of
 * several folders (as retrieval and @mentions write it there). Undefined outside the folder.
 */
export function workspacePathOf(root: string, fsPath: string): string | undefined {
  const rel = toWorkspaceRelative(root, fsPath);
  const folder = rel === undefined ? undefined : workspaceRoots()?.find((f) => f.path === root);
  return folder ? `${folder.name}/${rel}` : rel;
}

/**
 * The file a workspace path from an answer names. In a window of several folders, answers write
 * `name/rel` (workspacePathOf), so a path whose first segment names a workspace folder is
 * `<that folder>/rel` when that file exists (or nothing does under `root`); otherwise the path is
 * relative to `root` (the folder the answer was asked from: answers of a single-folder window).
 * Undefined when the path would leave the folder.
 */
export function uriForWorkspacePath(root: string, p: string): vscode.Uri | undefined {
  const rel = toWorkspaceRelative(root, p);
  if (rel === undefined) return undefined;
  const abs = path.join(root, ...rel.split('/'));
  const [first, ...rest] = rel.split('/');
  const folder = rest.length ? workspaceRoots()?.find((f) => f.name === first) : undefined;
  const inner = folder && toWorkspaceRelative(folder.path, rest.join('/'));
  const named = folder && inner ? path.join(folder.path, ...inner.split('/')) : undefined;
  return vscode.Uri.file(named && (existsSync(named) || !existsSync(abs)) ? named : abs);
}
