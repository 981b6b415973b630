import * as vscode from 'vscode';
import { promises as fs } from 'node:fs';
import { sha256, StaleFileError, type ApplyEdit, type ProposedEdit } from '../../engine/plans/edits';
import type { WorkspaceHost } from '../../engine/tools/host';
import { normalizeRelPath, resolveInside } from '../../engine/tools/paths';
import type { Plan } from '../../engine/plans/schema';
import { isToolName, stepPath, toolMutates } from '../../engine/tools/catalog';
import { isInsideRelative } from '../../engine/workspace/contain';

/** Nothing is written in an untrusted workspace; the message is shown verbatim. */
export class UntrustedWorkspaceError extends Error {
  readonly suggestion = 'Trust this folder (Workspaces: Manage Workspace Trust) to let Grounded apply accepted changes.';
  constructor(relPath: string) {
    super(`Refused to write '${relPath}': the workspace is not trusted; nothing was written`);
    this.name = 'UntrustedWorkspaceError';
  }
}

/** VS Code declined the WorkspaceEdit (e.g. the file was created meanwhile). */
export class EditNotAppliedError extends Error {
  readonly suggestion = 'Look at the file, then run the plan again if the change is still wanted.';
  constructor(relPath: string) {
    super(`Could not apply the change to '${relPath}': VS Code did not apply the edit; nothing was written`);
    this.name = 'EditNotAppliedError';
  }
}

/**
 * The SHA-256 of each file a plan will change, taken when the plan was shown (undefined hash =
 * the file did not exist). An edit is refused when the file no longer has this hash, even if
 * the step computed its proposal later; accepted edits move the snapshot forward.
 */
export class PlanSnapshot {
  private constructor(private readonly hashes: Map<string, string | null>) {}

  static async take(plan: Plan, host: WorkspaceHost): Promise<PlanSnapshot> {
    const hashes = new Map<string, string | null>();
    for (const step of plan.steps) {
      if (!isToolName(step.tool) || !toolMutates(step.tool)) continue;
      const raw = stepPath(step.tool, step.arguments);
      if (!raw) continue;
      const rel = normalizeRelPath(host.root, raw);
      if (!isInsideRelative(rel) || hashes.has(rel)) continue;
      const text = await host.readText(rel);
      hashes.set(rel, text === undefined ? null : sha256(text));
    }
    return new PlanSnapshot(hashes);
  }

  expected(rel: string): string | null | undefined {
    return this.hashes.get(rel);
  }

  advance(rel: string, hash: string): void {
    this.hashes.set(rel, hash);
  }
}

const stripBom = (s: string) => (s.charCodeAt(0) === 0xfeff ? s.slice(1) : s);

async function diskText(abs: string): Promise<string | undefined> {
  try {
    return stripBom(await fs.readFile(abs, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Throws StaleFileError when the file is not what the edit (and the plan snapshot) saw. */
async function checkUnchanged(edit: ProposedEdit, abs: string, snapshot?: PlanSnapshot): Promise<vscode.TextDocument | undefined> {
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === abs && !d.isClosed);
  const disk = await diskText(abs);
  // A clean open document must match the disk: if not, the file changed on disk and the
  // editor has not reloaded it yet.
  if (doc && !doc.isDirty && disk !== undefined && disk !== doc.getText()) throw new StaleFileError(edit.path, 'the file changed on disk');
  const current = doc?.isDirty ? doc.getText() : disk;
  if (edit.before === null && current !== undefined) throw new StaleFileError(edit.path, 'the file was created on disk');
  if (edit.before !== null && current === undefined) throw new StaleFileError(edit.path, 'the file was deleted on disk');
  const hash = current === undefined ? null : sha256(current);
  if (edit.before !== null && hash !== edit.before.sha256) throw new StaleFileError(edit.path, 'the file changed on disk');
  const planned = snapshot?.expected(edit.path);
  if (planned !== undefined && planned !== hash)
    throw new StaleFileError(edit.path, hash === null ? 'the file was deleted on disk' : 'the file changed on disk');
  return doc;
}

/**
 * ApplyEdit for VS Code: refuses in an untrusted workspace and when the file changed since the
 * plan was made; otherwise applies ONE WorkspaceEdit (the full range replaced, or the file
 * created with its contents) so a single Undo reverts the step. A document that was clean
 * before is saved, so the disk matches what the user accepted.
 */
export function createVsCodeApplyEdit(opts: { root: string; snapshot?: PlanSnapshot; isTrusted?: () => boolean }): ApplyEdit {
  const trusted = opts.isTrusted ?? (() => vscode.workspace.isTrusted);
  return async (edit) => {
    if (!trusted()) throw new UntrustedWorkspaceError(edit.path);
    const abs = resolveInside(opts.root, edit.path);
    const uri = vscode.Uri.file(abs);
    const openDoc = await checkUnchanged(edit, abs, opts.snapshot);
    const metadata = { label: `Grounded: ${edit.kind === 'create' ? 'create' : 'change'} ${edit.path}`, needsConfirmation: false };
    const we = new vscode.WorkspaceEdit();
    let wasDirty = true;
    if (edit.kind === 'create') {
      we.createFile(uri, { contents: Buffer.from(edit.after.text, 'utf8') }, metadata);
    } else {
      const doc = openDoc ?? (await vscode.workspace.openTextDocument(uri));
      wasDirty = doc.isDirty;
      we.replace(uri, doc.validateRange(new vscode.Range(0, 0, doc.lineCount, 0)), edit.after.text, metadata);
    }
    if (!(await vscode.workspace.applyEdit(we))) throw new EditNotAppliedError(edit.path);
    if (!wasDirty) {
      const doc = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === abs);
      if (doc?.isDirty) await doc.save();
    }
    opts.snapshot?.advance(edit.path, edit.after.sha256);
  };
}

/** Deletes a file a plan created, only while it still holds exactly what the plan wrote. */
export async function deleteIfUnchanged(root: string, edit: ProposedEdit): Promise<void> {
  const uri = vscode.Uri.file(resolveInside(root, edit.path));
  const now = Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8');
  if (sha256(now) !== edit.after.sha256) throw new Error('the file changed since the plan created it; it was kept');
  const we = new vscode.WorkspaceEdit();
  we.deleteFile(uri, { ignoreIfNotExists: true });
  if (!(await vscode.workspace.applyEdit(we))) throw new EditNotAppliedError(edit.path);
}
