import ipaddr from 'ipaddr.js';
import { isHexAt, linePrefix } from '../checks';
import { findByRules, type Detector, type PatternRule } from '../detector';
import { findInNumericRuns, type NumericRule } from '../numeric-runs';

// Addresses of machines (public and private hosts, and the documentation ranges examples use).
// Not redacted: unspecified, loopback, link-local, multicast, broadcast and other reserved ranges; netmasks
// (255.255.255.0); network and broadcast addresses (x.x.x.0, x.x.x.255, 10.0.0.0/8); quads starting with three single digits (OIDs
// such as 2.5.4.10, and 1.1.1.1 / 8.8.8.8) unless a key names them an IP; and four-part version numbers,
// recognised by their context (`version 1.2.3.4`, `AssemblyVersion("1.0.0.0")`, `Chrome/120.0.0.1`).

const SKIPPED_RANGES = new Set(['unspecified', 'loopback', 'linkLocal', 'multicast', 'broadcast', 'reserved']);

/**
 * The documentation ranges (RFC 5737, RFC 3849) sit inside `reserved` but are redacted: they are
 * what examples, test data and PII corpora write for a real host, as `user@example.com` for a
 * person, and a text cannot tell a stand-in from the address it stands for (the safe choice;
 * docs/privacy.md weighs it).
 */
const DOCUMENTATION_V4 = ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24'].map((c) => ipaddr.IPv4.parseCIDR(c));
const DOCUMENTATION_V6 = ipaddr.IPv6.parseCIDR('2001:db8::/32');

function skippedRange(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (address.kind() === 'ipv4') {
    if (DOCUMENTATION_V4.some((cidr) => (address as ipaddr.IPv4).match(cidr))) return false;
  } else if ((address as ipaddr.IPv6).match(DOCUMENTATION_V6)) return false;
  return SKIPPED_RANGES.has(address.range());
}
const VERSION_CONTEXT = /(?:version|\bver|\bv)\W{0,4}$/i;

/** Words that introduce a section number of a specification: `es6id: 13.6.4.13`, `Spec 9.2.10.28`, `§ 7.3.1.2`. */
const SECTION_CONTEXT = /(?:\bes\d*id|\besid|\bspec(?:ification)?|\bsection|\bsec\.?|§|\bclause|\bchapter|\bstep|\bannex)\W{0,4}$/i;

function isVersionContext(text: string, start: number, end: number): boolean {
  const before = linePrefix(text, start, 40).prefix;
  if (VERSION_CONTEXT.test(before) || SECTION_CONTEXT.test(before)) return true;
  // A heading or comment that starts with the number, then a title: `// 13.2.5.5 RS: …`, `[11.6.2.2 Future Reserved Words]`.
  if (/^\s*(?:(?:\/\/|\/?\*|#+|\[|\(|-)\s*){0,3}$/.test(before) && /^:?\s[A-Z][A-Za-z]/.test(text.slice(end, end + 4))) return true;
  return /[A-Za-z]\/$/.test(before); // product token: Chrome/120.0.0.1
}

/** A key that names an IP address just before the value (`IP: `, `ip=`, `client_ip": "`, `IPv4 address is `). */
const IP_KEY = /(?:\bip|_ip|\bipv4)(?:[ _-]?addr(?:ess)?)?["']?[ \t]{0,3}(?:[:=]|is)?[ \t]{0,3}["']?$/i;

function isHostV4(address: ipaddr.IPv4, prefix?: number, named = false): boolean {
  if (skippedRange(address)) return false;
  if (address.prefixLengthFromSubnetMask() !== null) return false;
  // 2.5.4.3: an OID or a version; but after a key naming an IP (`ip=8.8.8.8` in a log line by a user's name), an address.
  if (!named && address.octets.slice(0, 3).every((o) => o < 10)) return false;
  const last = address.octets[3];
  if (prefix !== undefined) {
    const network = ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/${prefix}`);
    return network.toString() !== address.toString();
  }
  return last !== 0 && last !== 255;
}

function acceptV4(value: string, text: string, start: number): boolean {
  const [ip, prefix] = value.split('/');
  if (!ipaddr.IPv4.isValidFourPartDecimal(ip)) return false;
  if (prefix !== undefined && Number(prefix) > 32) return false;
  if (isVersionContext(text, start, start + value.length)) return false;
  const named = IP_KEY.test(linePrefix(text, start, 24).prefix);
  return isHostV4(ipaddr.IPv4.parse(ip), prefix === undefined ? undefined : Number(prefix), named);
}

/** Verdicts on IPv6 values already parsed: a log or a config repeats its few addresses on every line. */
const v6Verdicts = new Map<string, boolean>();

function acceptV6(value: string): boolean {
  let verdict = v6Verdicts.get(value);
  if (verdict === undefined) {
    if (v6Verdicts.size >= 1024) v6Verdicts.clear();
    v6Verdicts.set(value, (verdict = judgeV6(value)));
  }
  return verdict;
}

function judgeV6(value: string): boolean {
  const bare = value.split('%')[0];
  // Three groups at least (an embedded IPv4 counts as one): `a[1::2]` is a slice, not an address.
  const groups = bare.split(':').filter(Boolean).length + (bare.includes('.') ? 1 : 0);
  if (!/\d/.test(bare) || groups < 3) return false;
  if (!ipaddr.IPv6.isValid(bare)) return false;
  const address = ipaddr.IPv6.parse(bare);
  if (address.isIPv4MappedAddress()) return isHostV4(address.toIPv4Address());
  return !skippedRange(address);
}

/**
 * Only the first colon of an address is worth a look: it has a hex digit (or `:`) on each side,
 * another colon close after it, and none in the five characters before it (an address cannot
 * follow a colon, so a later colon of the same run would only repeat the attempt).
 */
function ipv6Around(text: string, at: number): boolean {
  if (text[at - 1] === ':') return false; // the second colon of `::`: the first was looked at
  const opensShorthand = text[at + 1] === ':';
  if (!opensShorthand && !(isHexAt(text, at - 1) && isHexAt(text, at + 1))) return false;
  for (let i = at - 2; i >= at - 5 && i >= 0; i--) if (text[i] === ':') return false;
  if (opensShorthand) return true;
  for (let i = at + 1; i <= at + 5 && i < text.length; i++) if (text[i] === ':') return true;
  return false;
}

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';

const numberRules: NumericRule[] = [
  {
    kind: 'ip_address', minDigits: 4,
    hint: '.',
    pattern: new RegExp(`(?<![\\w.])${OCTET}(?:\\.${OCTET}){3}(?:/\\d{1,2})?(?![\\w-]|\\.\\d)`, 'g'),
    accept: acceptV4,
  },
];

const rules: PatternRule[] = [
  {
    kind: 'ip_address',
    anchor: { literal: ':', back: /[0-9A-Fa-f:]/, maxBack: 39, quick: ipv6Around },
    pattern: /(?<![\w:.])(?:[0-9A-Fa-f]{0,4}:){2,7}(?:[0-9A-Fa-f]{1,4}|(?<=:)\d{1,3}(?:\.\d{1,3}){3})?(?:%[A-Za-z0-9]{1,16})?(?![\w:]|\.\w)/y,
    accept: acceptV6,
  },
];

/** IPv4 and IPv6 host addresses. */
export const ipAddressDetector: Detector = {
  name: 'ip-addresses',
  kinds: ['ip_address'],
  priority: 30,
  find: (text) => findInNumericRuns(numberRules, text).concat(findByRules(rules, text)),
};
