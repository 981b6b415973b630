import { promises as dns } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { addressesInName } from './address-in-name';

/** The decision on one URL: allowed or not, why, and every address its host resolved to. */
export interface UrlDecision {
  allowed: boolean;
  reason: string;
  /**
   * Set when the URL was not judged by the rules because it could not be: not a valid URL, or a
   * host name that does not resolve. A fetch reports these as `url_invalid`, not as blocked.
   */
  problem?: 'invalid' | 'unresolved';
  url: string;
  host?: string;
  addresses: string[];
}

/** Resolves a host name to all its addresses (injectable for tests). */
export type Resolver = (host: string) => Promise<string[]>;

export const systemResolver: Resolver = async (host) => (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

// Names of the machine itself (Debian's /etc/hosts gives ip6-localhost) and of cloud metadata services,
// refused before any lookup: Equinix Metal's answers on a public address, Rancher's on a name only its network resolves.
// Names only a local network answers are refused too: reserved for it (.local for mDNS, RFC 6762; .home.arpa, RFC 8375;
// .internal, ICANN 2024), suggested for it (.lan, .intranet, .corp, .private: RFC 6762 appendix G), or a cluster's
// own (Kubernetes services under .svc and cluster.local, and `kubernetes.default`: the default namespace; HashiCorp Consul's
// services under .consul, which only its agents answer). And names
// public DNS points at this machine whatever the label (localtest.me, lvh.me, vcap.me).
const BLOCKED_NAMES = new Set([
  'localhost', 'localdomain', 'ip6-localhost', 'ip6-loopback', 'metadata', 'metadata.goog', 'instance-data',
  'rancher-metadata', 'metadata.packet.net', 'metadata.platformequinix.com', 'metadata.tencentyun.com',
  // Public names that SSRF lists (SSRFmap, HackTricks, PortSwigger) give for the metadata address or loopback.
  'metadata.nicob.net', 'spoofed.burpcollaborator.net', 'bugbounty.dod.network',
]);
/** Last one or two labels under which every name is blocked (a two-label name is its own last two). */
const BLOCKED_SUFFIXES = new Set([
  'localhost', 'localdomain', 'internal', 'local', 'home.arpa', 'lan', 'intranet', 'corp', 'private', 'svc', 'default', 'localtest.me', 'lvh.me',
  'vcap.me', 'consul',
]);

/** True for a name refused before any lookup: looked up by its whole and its last one or two labels, never by a pattern over it. */
function isBlockedName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (BLOCKED_NAMES.has(host)) return true;
  const last = host.lastIndexOf('.');
  if (last < 0) return false;
  const beforeLast = host.lastIndexOf('.', last - 1);
  return BLOCKED_SUFFIXES.has(host.slice(last + 1)) || BLOCKED_SUFFIXES.has(host.slice(beforeLast + 1));
}

/**
 * The Fetch standard's "bad ports" (fetch.spec.whatwg.org/#port-blocking): ports of non-web
 * protocols (SMTP, IRC, SIP, …) that an HTTP request could be smuggled into. Browsers and Node's
 * own fetch refuse them on every host; no web page is served there.
 */
const BAD_PORTS = new Set([
  0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119,
  123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990,
  993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** NAT64 for a local network's own translator (RFC 8215): where it leads depends on that network, not on the address. */
const LOCAL_USE_NAT64 = ipaddr.parseCIDR('64:ff9b:1::/48');

/**
 * Why an IP address must not be fetched, or undefined for a public unicast address. IPv4 inside
 * IPv6 (mapped, NAT64, 6to4) is judged by the IPv4 address it carries; Teredo and the deprecated
 * IPv4-compatible ::/96 are refused.
 */
export function blockedRange(address: string): string | undefined {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = parseAddress(address);
  } catch {
    return 'not an IP address';
  }
  try {
    return rangeVerdict(ip);
  } catch (err) {
    // An address the rules cannot place is refused, never let through or thrown at the user.
    return `an address that could not be judged (${err instanceof Error ? err.message : String(err)})`;
  }
}

function rangeVerdict(ip: ipaddr.IPv4 | ipaddr.IPv6): string | undefined {
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    const range = v6.range();
    const bytes = v6.toByteArray();
    // ::/96 ("IPv4-compatible", deprecated by RFC 4291) is refused whatever IPv4 address it
    // carries: nothing public lives there, and stacks differ on where such an address leads.
    if (range !== 'unspecified' && range !== 'loopback' && bytes.slice(0, 12).every((b) => b === 0)) {
      return `IPv4-compatible IPv6 address (deprecated ::/96, carrying ${bytes.slice(12).join('.')})`;
    }
    // Its IPv4 address may sit in any of six places (RFC 6052 §2.2), chosen by that network.
    if (v6.match(LOCAL_USE_NAT64)) return 'local-use NAT64 address (64:ff9b:1::/48, RFC 8215: its translator is a local network\'s own)';
    // Mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d, RFC 6145) and NAT64 (64:ff9b::/96)
    // carry the IPv4 address in their last four bytes (ipaddr's toIPv4Address takes mapped ones only).
    if (range === 'ipv4Mapped' || range === 'rfc6145' || range === 'rfc6052') return blockedRange(ipaddr.fromByteArray(bytes.slice(12)).toString());
    if (range === '6to4') return blockedRange(ipaddr.fromByteArray(bytes.slice(2, 6)).toString());
    if (range !== 'unicast') return `${rangeWords(range)} IPv6 address`;
    // Global unicast is 2000::/3 (RFC 4291, IANA); the rest of the space is unassigned, and
    // ipaddr.js calls it unicast only because no special range names it.
    return bytes[0] >> 5 === 1 ? undefined : 'non-global IPv6 address (outside 2000::/3, the global unicast space)';
  }
  const range = ip.range();
  return range === 'unicast' ? undefined : `${rangeWords(range)} address`;
}

/** ipaddr.js's range names as a person reads them ("linkLocal" → "link-local"). */
const RANGE_WORDS: Record<string, string> = {
  linkLocal: 'link-local', carrierGradeNat: 'carrier-grade NAT (100.64.0.0/10)', uniqueLocal: 'unique-local',
  teredo: 'Teredo', benchmarking: 'benchmarking (198.18.0.0/15)', amt: 'AMT', as112: 'AS112', orchid2: 'ORCHIDv2',
};
const rangeWords = (range: string) => RANGE_WORDS[range] ?? range.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);

/** "a loopback address", "an unspecified address". */
const withArticle = (words: string) => `${/^(?!uni)[aeiou]/i.test(words) ? 'an' : 'a'} ${words}`;

/**
 * Parses an address as the connection would see it. IPv6 text goes through the WHATWG URL parser
 * first: ipaddr.js reads `::127.0.0.1` as `::ffff:127.0.0.1` (mapped), while it is `::7f00:1`.
 */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!bare.includes(':')) return ipaddr.parse(bare);
  return ipaddr.parse(new URL(`http://[${bare}]/`).hostname.slice(1, -1));
}

/** Checks the parts of a URL that need no DNS: scheme, credentials, host name, IP literals in any encoding. */
export function staticCheck(raw: string): { url?: URL; decision?: UrlDecision } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { decision: { allowed: false, reason: 'not a valid absolute URL', problem: 'invalid', url: raw, addresses: [] } };
  }
  const base = { url: url.href, host: url.hostname, addresses: [] as string[] };
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { decision: { ...base, allowed: false, reason: `scheme ${url.protocol} is not allowed (only http and https)` } };
  if (url.username || url.password) return { decision: { ...base, allowed: false, reason: 'credentials in URLs are not allowed' } };
  if (url.port !== '' && BAD_PORTS.has(Number(url.port)))
    return { decision: { ...base, allowed: false, reason: `port ${url.port} is not allowed (it belongs to a non-web protocol; browsers refuse it too)` } };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isBlockedName(host)) return { decision: { ...base, allowed: false, reason: `host ${host} is a local or cloud-metadata name` } };
  const literal = ipaddr.isValid(host);
  // `127.0.0.1!`: the URL parser keeps such a host as a name, and other parsers read it as an address. No DNS name holds these characters.
  if (!literal && /[^a-z0-9._-]/.test(host))
    return { decision: { ...base, allowed: false, reason: `host ${host} has characters no DNS name holds` } };
  // `127.0.0.1..`, `localhost..` (PortSwigger's URL-validation cheat sheet): the URL parser keeps them as names, since only one
  // trailing dot is the root's. An empty label is no DNS name, and a resolver that drops it reaches the address or name before it.
  if (!literal && /^\.|\.\./.test(host))
    return { decision: { ...base, allowed: false, reason: `host ${host} has an empty label (a leading dot or two dots in a row), which no DNS name has` } };
  // `http://intranet/`, `http://jenkins/`: a name of one label is completed by this machine's search domains, so only its
  // own network answers it (where the answer may well be a public address). No public site is reached that way.
  if (!/[.:]/.test(host.replace(/\.$/, '')))
    return { decision: { ...base, allowed: false, reason: `host ${host} is a single-label name, which only this machine's own network resolves` } };
  for (const named of addressesInName(host)) {
    const namedWhy = blockedRange(named);
    if (!namedWhy) continue;
    const reason = `host ${host} names ${named} (a wildcard DNS or rebinding service answers with it), ${withArticle(namedWhy)}`;
    return { decision: { ...base, addresses: [named], allowed: false, reason } };
  }
  // WHATWG URL parsing has already turned 2130706433, 0177.0.0.1, 0x7f.1 and 127.1 into 127.0.0.1.
  if (literal) {
    const why = blockedRange(host);
    return { url, decision: { ...base, addresses: [host], allowed: !why, reason: why ? `${host} is ${withArticle(why)}` : 'public address' } };
  }
  return { url };
}

/**
 * Decides whether Grounded may fetch `raw`, without connecting: only http(s), no credentials, no
 * local or metadata names, and every address the host resolves to must be public unicast
 * (loopback, private, link-local incl. 169.254.169.254, CGNAT, multicast, reserved, and their IPv6
 * equivalents are refused). The fetcher then connects to exactly these checked addresses.
 */
export async function checkUrl(raw: string, resolve: Resolver = systemResolver): Promise<UrlDecision> {
  const s = staticCheck(raw);
  if (s.decision) return s.decision;
  const url = s.url!;
  let addresses: string[];
  try {
    addresses = await resolve(url.hostname);
  } catch (err) {
    return {
      allowed: false,
      problem: 'unresolved',
      reason: `cannot resolve ${url.hostname} (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
      url: url.href,
      host: url.hostname,
      addresses: [],
    };
  }
  if (!addresses.length)
    return { allowed: false, problem: 'unresolved', reason: `${url.hostname} has no addresses`, url: url.href, host: url.hostname, addresses };
  for (const a of addresses) {
    const why = blockedRange(a);
    if (why) return { allowed: false, reason: `${url.hostname} resolves to ${a}, ${withArticle(why)}`, url: url.href, host: url.hostname, addresses };
  }
  return { allowed: true, reason: 'every resolved address is public', url: url.href, host: url.hostname, addresses };
}
