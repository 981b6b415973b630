/** Why a mention could not be used; each comes with what to do about it. */
export type MentionErrorKind =
  | 'file_not_found' | 'ambiguous' | 'path_outside' | 'ignored' | 'too_large' | 'binary' | 'bad_range'
  | 'url_invalid' | 'ssrf_blocked' | 'network_disabled' | 'rate_limited' | 'http_status' | 'timeout' | 'content_type' | 'too_many_urls'
  | 'parse_error' | 'no_matches';

export class MentionError extends Error {
  constructor(readonly kind: MentionErrorKind, message: string, readonly suggestion: string) {
    super(message);
    this.name = 'MentionError';
  }
}
