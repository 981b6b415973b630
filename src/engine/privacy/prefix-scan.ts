import type { Finding } from './detector';

// One pass over the text finds every provider token that starts with a documented literal
// prefix (`ghp_`, `glpat-`, `AKIA`, `hf_`, ...). Running one regex per provider would cost one
// scan of the text per format, and one regex alternating hundreds of prefixes makes V8 try each
// alternative at every position. Instead, a hand-written loop looks only at the start of words,
// indexes the rules by their first two characters, and runs a rule's (bounded, sticky) body regex
// only where its prefix is really present. Adding formats therefore costs almost nothing.

/** A token recognised by a literal prefix and a bounded body right after it. */
export interface PrefixRule {
  kind: string;
  /** Literal starts of the token, case-sensitive, at least two characters each. */
  prefixes: readonly string[];
  /** What follows the prefix; every repetition must be bounded (it runs with the sticky flag). */
  body: RegExp;
  /** Return false to keep the token (placeholder, checksum failure with a fake-looking body); `groups` are the body's named groups. */
  accept?: (token: string, body: string, groups: Record<string, string> | undefined) => boolean;
  /** Characters allowed right after the token; default: anything but `[A-Za-z0-9_-]`. */
  open?: boolean;
  /**
   * The token's end is proven by its own content (a checksum over a fixed length), so it may be glued
   * to what follows: any character, another token included (`ghp_…ghp_…` pasted without a space).
   */
  glued?: boolean;
  /** Report only the body's `value` group, which must end the body (a key's name is the prefix, its value the secret). */
  valueOnly?: boolean;
  /**
   * With `valueOnly`, the prefix is a word that may run on (`PsExec.exe`, `Jenkins-Crumb:`) rather than a
   * whole key's name: the character after it is left to the body to check.
   */
  runsOn?: boolean;
}

interface Compiled {
  rule: PrefixRule;
  prefix: string;
  body: RegExp;
}

/** True for characters that continue a token: a token must not start or end next to one. */
const WORDISH = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  WORDISH[c] = /[A-Za-z0-9_-]/.test(ch) ? 1 : 0;
}

/** What may follow a key's name before its value: a closing quote, `:`, `=`, `,` (a pair in a list), a space or a tab. */
const KEY_CHAR_AFTER_NAME = new Uint8Array(128);
for (const ch of `"':=, \t`) KEY_CHAR_AFTER_NAME[ch.charCodeAt(0)] = 1;

/**
 * A token glued to a web asset's extension (`video_box.ico-7a38…b0c.png`, `app.sk-….min.js`) is a
 * content hash in a built file's name: bundlers name assets `name-<hash>.ext`, and no provider
 * issues a token followed by `.png`.
 */
const ASSET_EXTENSION = /\.(?:png|jpe?g|gif|svg|ico|webp|avif|bmp|css|m?js|map|html?|woff2?|ttf|otf|eot|mp[34]|webm|wasm)(?![\w-])/y;

function endsAFileName(text: string, end: number): boolean {
  if (text.charCodeAt(end) !== 46) return false;
  ASSET_EXTENSION.lastIndex = end;
  return ASSET_EXTENSION.test(text);
}

/**
 * True when the `m` at `at` closes a terminal colour code (`ESC[93m`): a token printed in colour by a
 * CLI or a log starts right after it, glued to the `m`.
 */
function endsAnsiColour(text: string, at: number): boolean {
  let j = at - 1;
  while (j > 0 && at - j <= 16 && ((text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) || text.charCodeAt(j) === 59)) j--;
  return text.charCodeAt(j) === 91 && text.charCodeAt(j - 1) === 27;
}

/** Rules indexed by the codes of their prefix's first two characters. */
export class PrefixIndex {
  private readonly buckets: Array<Compiled[] | undefined> = new Array<Compiled[] | undefined>(128 * 128).fill(undefined);
  private readonly firstChar = new Uint8Array(128);
  /**
   * Per bucket, the third characters its prefixes allow (a 128-bit set; all of them when a prefix is
   * two characters long): most words that share a bucket's first two letters (`const` and
   * `confluent`, `string` and `stripe`) are turned away without a look at the bucket.
   */
  private readonly thirdChar = new Uint32Array(128 * 128 * 4);

  constructor(rules: readonly PrefixRule[]) {
    for (const rule of rules) {
      const body = new RegExp(rule.body.source, `${rule.body.flags.replace(/[gy]/g, '')}y`);
      for (const prefix of rule.prefixes) {
        if (prefix.length < 2 || prefix.charCodeAt(0) > 127 || prefix.charCodeAt(1) > 127) {
          throw new Error(`prefix rule ${rule.kind}: prefix "${prefix}" must start with two ASCII characters`);
        }
        const key = prefix.charCodeAt(0) * 128 + prefix.charCodeAt(1);
        const bucket = this.buckets[key] ?? [];
        bucket.push({ rule, prefix, body });
        // Longest prefix first: `sk-ant-` is tried before `sk-`.
        bucket.sort((a, b) => b.prefix.length - a.prefix.length);
        this.buckets[key] = bucket;
        this.firstChar[prefix.charCodeAt(0)] = 1;
        const third = prefix.charCodeAt(2);
        if (prefix.length === 2 || third > 127) this.thirdChar.fill(0xffffffff, key * 4, key * 4 + 4);
        else this.thirdChar[key * 4 + (third >> 5)] |= 1 << (third & 31);
      }
    }
  }

  /** Every kind the rules can report. */
  kinds(): string[] {
    return [...new Set(this.buckets.flatMap((b) => b ?? []).map((c) => c.rule.kind))];
  }

  /** Finds the tokens in `text`, in order, never two overlapping. */
  scan(text: string): Array<Omit<Finding, 'priority'>> {
    const found: Array<Omit<Finding, 'priority'>> = [];
    const n = text.length - 1;
    const { buckets, firstChar, thirdChar } = this;
    let boundary = true;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      const wasBoundary = boundary;
      boundary = c >= 128 || WORDISH[c] === 0 || (c === 109 && endsAnsiColour(text, i));
      if (!wasBoundary || c >= 128 || firstChar[c] === 0) continue;
      const c2 = text.charCodeAt(i + 1);
      if (c2 >= 128) continue;
      const key = c * 128 + c2;
      const bucket = buckets[key];
      if (bucket === undefined) continue;
      const c3 = text.charCodeAt(i + 2);
      if (c3 < 128 && (thirdChar[key * 4 + (c3 >> 5)] & (1 << (c3 & 31))) === 0) continue;
      const end = this.matchAt(text, i, bucket);
      if (end > i) {
        found.push({ kind: this.lastKind, start: this.lastStart < 0 ? i : this.lastStart, end });
        i = end - 1;
        const last = text.charCodeAt(i);
        boundary = this.lastGlued || last >= 128 || WORDISH[last] === 0;
      }
    }
    return found;
  }

  private lastKind = '';
  private lastGlued = false;
  /** Where the last match's reported span starts when only its value is reported; -1 otherwise. */
  private lastStart = -1;

  private matchAt(text: string, at: number, bucket: readonly Compiled[]): number {
    for (const { rule, prefix, body } of bucket) {
      // A key's name (valueOnly) is a whole word: one look past it rules out `const` for `confluent`.
      if (rule.valueOnly && !rule.runsOn && KEY_CHAR_AFTER_NAME[text.charCodeAt(at + prefix.length)] !== 1) continue;
      if (!text.startsWith(prefix, at)) continue;
      const from = at + prefix.length;
      body.lastIndex = from;
      const m = body.exec(text);
      if (m === null) continue;
      const end = from + m[0].length;
      const next = text.charCodeAt(end);
      if (!rule.open && !rule.glued && next < 128 && WORDISH[next] === 1) continue;
      if (endsAFileName(text, end)) continue;
      if (rule.accept && !rule.accept(text.slice(at, end), m[0], m.groups)) continue;
      this.lastKind = rule.kind;
      this.lastGlued = rule.glued === true;
      this.lastStart = rule.valueOnly && m.groups?.value ? end - m.groups.value.length : -1;
      return end;
    }
    return at;
  }
}
