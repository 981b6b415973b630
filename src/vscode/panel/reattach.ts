import * as vscode from 'vscode';
import type { AttachedContext } from '../../engine/ask/types';
import { attachChecked } from '../chat/attachments';
import { uriForWorkspacePath } from '../workspace-paths';

/** Where an attachment came from (a selection, a file), kept with a turn so asking again sends it again. */
export type AttachedAt = Pick<AttachedContext, 'path' | 'startLine' | 'endLine' | 'origin'>;

export const attachedAt = (attached: AttachedContext[]): AttachedAt[] | undefined =>
  attached.length ? attached.map(({ path: p, startLine, endLine, origin }) => ({ path: p, startLine, endLine, origin })) : undefined;

/**
 * The same lines read again for "Retry" / "Ask again": as the editor shows them now (unsaved edits
 * included), behind the same checks as the first time. A file moved, deleted or since hidden is
 * listed in `refused` with why, and the question goes on without it.
 */
export async function reattach(root: string, at: AttachedAt[] = []): Promise<{ attached: AttachedContext[]; refused: string[] }> {
  const attached: AttachedContext[] = [];
  const refused: string[] = [];
  for (const a of at) {
    const where = `${a.path}#L${a.startLine}-${a.endLine}`;
    // Paths as the first ask wrote them (`name/rel` in a multi-root window): one resolver for all.
    const uri = uriForWorkspacePath(root, a.path);
    let doc: vscode.TextDocument | undefined;
    try {
      doc = uri && (await vscode.workspace.openTextDocument(uri));
    } catch {
      doc = undefined;
    }
    if (!doc) {
      refused.push(`${where} could not be read again (moved or deleted)`);
      continue;
    }
    const end = Math.min(a.endLine, doc.lineCount) - 1;
    // To the end of the last line, as a citation opens it (an end at character 0 would leave that line out).
    const range = new vscode.Range(Math.min(a.startLine - 1, end), 0, end, Number.MAX_SAFE_INTEGER);
    const checked = await attachChecked(root, doc, range, a.origin);
    if (checked.attached) attached.push(checked.attached);
    else refused.push(checked.refused);
  }
  return { attached, refused };
}
