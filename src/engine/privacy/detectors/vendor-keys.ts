import { isPlaceholderValue } from '../checks';
import type { PrefixRule } from '../prefix-scan';
import { isFakeBody } from '../token-checks';
import { looksRandomKey, PROVIDER_NAMES } from './assignment-rules';

// A key stored under the provider's name alone, with no secret word in the key (`cloudflare:
// "0574b9f4…"`, `STRIPE="sk…"`, `sourcegraph: 6d2F…`, `"artifactory", "b8gb…"`), as config files
// and scanners' test data write them. The assignment scan looks for secret words only, so these
// ride on the provider-token prefix scan (prefix-scan.ts), the names as prefixes at the start of
// a word: no pass of its own over the text. Only the value is redacted, and only a random one.

const spellings = (name: string) => [name, name[0].toUpperCase() + name.slice(1), name.toUpperCase()];

// The name, its quote if quoted (then `,` too, a pair in a list), `:`, `=` or `=>`, and a token-shaped value ending the match.
const BODY = /(?:["'][ \t]{0,3}[:=,]|[ \t]{0,3}(?:=>|[:=]))[ \t]{0,3}["']?(?<value>[A-Za-z0-9+/_.~-]{16,128}={0,2})(?=["'\s,;}\])]|$)/;

/** The longest run of characters counting up by one (`0123456789`, `mnopqrst`): typed, not issued. */
function longestCount(value: string): number {
  let best = 1;
  for (let i = 1, run = 1; i < value.length; i++) {
    run = value.charCodeAt(i) === value.charCodeAt(i - 1) + 1 ? run + 1 : 1;
    if (run > best) best = run;
  }
  return best;
}

function randomValue(_token: string, body: string): boolean {
  const value = /[A-Za-z0-9+/_.~-]+=*$/.exec(body)?.[0] ?? '';
  // With no prefix to vouch for it, the value alone must look issued: random, no filler, no counting.
  return looksRandomKey(value) && !isFakeBody(value) && !isPlaceholderValue(value) && longestCount(value) < 6;
}

/** One prefix rule per provider name, for the token prefix scan. */
export const vendorKeyRules: PrefixRule[] = [
  { kind: 'api_key', prefixes: PROVIDER_NAMES.flatMap(spellings), body: BODY, accept: randomValue, open: true, valueOnly: true },
];
