import { explainPath } from './explain';
import type { DiscoveryOptions, PathExplanation } from './types';

/**
 * Reasons an explicitly attached file (VS Code's `#file` / `#selection`, an editor selection) is
 * refused. Content the user attached comes from the open editor, so a file that is only too large,
 * missing on disk (unsaved) or unreadable there is still sent (the context budget truncates it);
 * what the ignore rules and settings hide, what leads outside the workspace, and binaries are not.
 */
const REFUSED = new Set<PathExplanation['reason']>(['ignored', 'excluded-folder', 'symlink-outside', 'outside-workspace', 'binary', 'special-file']);

/** Why an attachment was not sent, in the words shown to the user (the deciding rule quoted). */
export function attachmentRefusal(label: string, e: PathExplanation): string {
  const detail = e.detail ? ` (${e.detail})` : '';
  switch (e.reason) {
    case 'binary':
      return `${label} was not sent: it is a binary file${detail}.`;
    case 'symlink-outside':
    case 'outside-workspace':
      return `${label} was not sent: it leads outside the workspace${detail}.`;
    case 'excluded-folder':
      return `${label} was not sent: it is in an excluded folder${detail}.`;
    default:
      return `${label} was not sent: it is hidden from Grounded${detail}. Files hidden by .gitignore, .agentignore or grounded.extraIgnore are never read.`;
  }
}

/**
 * Checks an attachment the user picked against the same rules retrieval and @mentions use
 * (explainPath). Returns undefined when it may be sent, else the refusal to show.
 */
export async function checkAttachment(opts: DiscoveryOptions, absPath: string, label: string): Promise<string | undefined> {
  const e = await explainPath(opts, absPath);
  return !e.visible && REFUSED.has(e.reason) ? attachmentRefusal(label, e) : undefined;
}
