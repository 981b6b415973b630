import type { Finding } from '../detector';
import { isFakeBody } from '../token-checks';

// JSON Web Keys (RFC 7517/7518) hold their private parts as named members: `d` of an RSA, EC or
// OKP key, RSA's primes and CRT values (`p`, `q`, `dp`, `dq`, `qi`), and `k`, the whole secret of
// a symmetric (`oct`) key. A JWK set in a test fixture or a config is a private key like a PEM
// block. Each `"kty"` opens a look at its own object only: back to its `{` and on to its `}`, never
// past the previous or next `"kty"`, and at most a few thousand characters, so the scan is linear.

const KTY = '"kty"';
const MAX_BACK = 4000;
const MAX_AHEAD = 20000;
/** A private member and its base64url value; public members (`n`, `e`, `x`, `y`, `crv`, `kid`) never match. */
const PRIVATE_MEMBER = /"(?:d|p|q|dp|dq|qi|k)"[ \t\r\n]{0,20}:[ \t\r\n]{0,20}"(?<value>[A-Za-z0-9_-]{16,2000})"/dg;

/** The private members of every JSON Web Key in `text`, each value alone. */
export function* findJwkPrivateMembers(text: string): Generator<Omit<Finding, 'priority'>> {
  let at = text.indexOf(KTY);
  let floor = 0;
  while (at >= 0) {
    const next = text.indexOf(KTY, at + KTY.length);
    let start = at;
    const stopBack = Math.max(floor, at - MAX_BACK);
    while (start > stopBack && text.charCodeAt(start - 1) !== 123 /* { */) start--;
    const stopAhead = Math.min(next < 0 ? text.length : next, at + MAX_AHEAD);
    let end = at;
    while (end < stopAhead && text.charCodeAt(end) !== 125 /* } */) end++;
    const object = text.slice(start, end);
    PRIVATE_MEMBER.lastIndex = 0;
    for (let m = PRIVATE_MEMBER.exec(object); m !== null; m = PRIVATE_MEMBER.exec(object)) {
      const [vStart, vEnd] = m.indices?.groups?.value ?? [0, 0];
      if (!isFakeBody(m.groups?.value ?? '')) yield { kind: 'private_key', start: start + vStart, end: start + vEnd };
    }
    floor = end;
    at = next;
  }
}
