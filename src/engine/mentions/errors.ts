import type { PathExplanation } from '../workspace/types';

/** Why a mention could not be used; each comes with what to do about it. */
export type MentionErrorKind =
  | 'file_not_found' | 'ambiguous' | 'path_outside' | 'ignored' | 'too_large' | 'binary' | 'bad_range'
  | 'url_invalid' | 'ssrf_blocked' | 'network_disabled' | 'rate_limited' | 'http_status' | 'timeout' | 'content_type' | 'too_many_urls'
  | 'parse_error' | 'no_matches' | 'unexpected';

/**
 * `message` says what is wrong without naming the mention ("no file matches."): every place that
 * shows it puts the mention first ("Not attached: @a.ts — no file matches."), so it is said once.
 */
export class MentionError extends Error {
  /** `alternatives`: paths the mention may have meant ("Did you mean"), which surfaces offer as one click. */
  constructor(readonly kind: MentionErrorKind, message: string, readonly suggestion: string, readonly alternatives: string[] = []) {
    super(message);
    this.name = 'MentionError';
  }
}

/**
 * The error for a file Grounded may not read, by the reason explainPath gave: each reason gets
 * advice that fits it (a rule to change, a setting, a link to avoid), not one generic "remove the rule".
 */
export function hiddenFileError(e: PathExplanation): MentionError {
  const detail = e.detail ? ` (${e.detail})` : '';
  switch (e.reason) {
    case 'binary':
      return new MentionError(
        'binary',
        `a binary file${detail}.`,
        'Mention text files only: the source it was built from, or a text export of it.',
      );
    case 'symlink-outside':
    case 'outside-workspace':
      return new MentionError('path_outside', `leads outside the workspace${detail}.`, 'Mention files inside the open folder only.');
    case 'excluded-folder':
      return new MentionError(
        'ignored',
        `in an excluded folder${detail}.`,
        'Remove that folder from the excluded folders setting, or mention a file outside it.',
      );
    case 'special-file':
      return new MentionError('binary', `not a regular file${detail}.`, 'Mention regular text files only.');
    case 'unreadable':
      return new MentionError('file_not_found', `could not be read${detail}.`, 'Check that the file exists and that you may read it.');
    case 'not-found':
      return new MentionError('file_not_found', 'no file matches.', 'Check the path (relative to the workspace root).');
    default:
      return new MentionError(
        'ignored',
        `hidden from Grounded${detail}.`,
        'If the file is safe to share, narrow or remove that rule; otherwise attach the text another way.',
      );
  }
}
