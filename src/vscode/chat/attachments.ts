import * as vscode from 'vscode';
import type { AttachedContext } from '../../engine/ask/types';
import { checkAttachment } from '../../engine/workspace/attach-check';
import { discoveryFor } from '../settings';
import { workspacePathOf } from '../workspace-paths';

/** The path answers write for a file inside `root` (`name/rel` in a window of several folders), or undefined when it is outside. */
export function relativeTo(root: string, uri: vscode.Uri): string | undefined {
  return uri.scheme === 'file' ? workspacePathOf(root, uri.fsPath) : undefined;
}

/** Lines `range` covers of a document, as attached context (the document's current text: unsaved edits included). */
export function attachRange(
  root: string,
  doc: vscode.TextDocument,
  range: vscode.Range | undefined,
  origin: AttachedContext['origin'],
): AttachedContext | undefined {
  const rel = relativeTo(root, doc.uri);
  if (!rel) return undefined;
  const start = range ? range.start.line : 0;
  const end = range ? (range.end.character === 0 && range.end.line > range.start.line ? range.end.line - 1 : range.end.line) : doc.lineCount - 1;
  const text = doc.getText(new vscode.Range(start, 0, end, doc.lineAt(end).text.length));
  // The whole document goes along for the scrubber: a selection inside a key or a .env stays redacted.
  return { path: rel, startLine: start + 1, endLine: end + 1, text, origin, source: { text: doc.getText(), firstLine: 1 } };
}

/** Grounded's read-only documents (records, metrics, proposed contents) have schemes of their own, all named so. */
const GROUNDED_SCHEME_PREFIX = 'grounded-';

/**
 * A document that is no file of the workspace, named as its tab shows it: one of Grounded's own
 * read-only documents by its title, anything else by its URI unencoded (no "%20" for a space).
 */
export function documentName(uri: vscode.Uri): string {
  if (uri.scheme === 'file') return uri.fsPath;
  if (uri.scheme.startsWith(GROUNDED_SCHEME_PREFIX)) return `Grounded's document "${uri.path.replace(/^\//, '')}"`;
  return uri.toString(true);
}

/** What an explicit attachment became: the context to send, or why it is not sent. */
export type CheckedAttachment = { attached: AttachedContext; refused?: undefined } | { attached?: undefined; refused: string };

/**
 * `attachRange` behind the same rules as retrieval: a file hidden by .gitignore, .agentignore or
 * grounded.extraIgnore (or in an excluded folder, binary, outside the workspace) is refused with
 * the deciding rule quoted, however the user picked it (#file, #selection, an editor selection).
 */
export async function attachChecked(
  root: string,
  doc: vscode.TextDocument,
  range: vscode.Range | undefined,
  origin: AttachedContext['origin'],
): Promise<CheckedAttachment> {
  const label = relativeTo(root, doc.uri) ?? documentName(doc.uri);
  const refused =
    doc.uri.scheme === 'file' ? await checkAttachment(discoveryFor(root), doc.uri.fsPath, label) : `${label} was not sent: it is not a file of the workspace.`;
  if (refused) return { refused };
  const attached = attachRange(root, doc, range, origin);
  return attached ? { attached } : { refused: `${label} was not sent: it is outside the workspace.` };
}

/**
 * The user's `#file` / `#selection` references (and other Uri or Location values) as attached
 * context; each one that may not be sent is listed in `refused` with the reason, and the rest of
 * the request goes on without it.
 */
export async function attachReferences(root: string, refs: readonly vscode.ChatPromptReference[]): Promise<{ attached: AttachedContext[]; refused: string[] }> {
  const attached: AttachedContext[] = [];
  const refused: string[] = [];
  for (const ref of refs) {
    const v = ref.value;
    const uri = v instanceof vscode.Uri ? v : v instanceof vscode.Location ? v.uri : undefined;
    if (!uri) continue;
    try {
      const doc = await vscode.workspace.openTextDocument(uri);
      const r = await attachChecked(root, doc, v instanceof vscode.Location ? v.range : undefined, 'reference');
      if (r.attached) attached.push(r.attached);
      else refused.push(r.refused);
    } catch {
      refused.push(`${documentName(uri)} was not sent: it could not be opened as text.`);
    }
  }
  return { attached, refused };
}
