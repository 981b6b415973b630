import type { PatternRule } from '../detector';
import { isFakeBody } from '../token-checks';

// Tokens glued to the word before them (`ourgithub_pat_11AB…`: a name and a token pasted without a space).
// The prefix scan (prefix-scan.ts) looks only where a word starts; a format whose whole shape is fixed
// tells where it begins by itself, so it is looked for from its literal with indexOf (one pass for all
// signatures, detector.ts) and taken only when a letter or digit stands right before it.

const gluedBefore = (text: string, at: number) => at > 0 && /[A-Za-z0-9]/.test(text[at - 1]);

export const gluedTokenRules: PatternRule[] = [
  // GitHub's fine-grained personal access token: `github_pat_`, 22 characters, `_`, 59.
  {
    kind: 'github_token',
    anchor: { literal: 'github_pat_', back: /(?!)/, maxBack: 0, quick: gluedBefore },
    pattern: /github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}(?![A-Za-z0-9_])/y,
    accept: (token) => !isFakeBody(token.slice('github_pat_'.length)),
  },
];
