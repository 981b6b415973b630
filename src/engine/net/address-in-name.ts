import ipaddr from 'ipaddr.js';

/**
 * Wildcard DNS services answer a name with the address written in it (`10.0.0.5.nip.io`,
 * `app-127-0-0-1.sslip.io`, `7f000001.nip.io`): the address is judged from the name, before any
 * lookup, as the lookup would give it.
 */
const ADDRESS_IN_NAME = /(?:^|[.-])((?:\d{1,3}[.-]){3}\d{1,3}|[0-9a-f]{8})\.(?:nip\.io|sslip\.io|xip\.io|traefik\.me)\.?$/i;

/** Four bytes written as eight hex digits (`7f000001`) in dotted form. */
const fromHex = (hex: string) => (hex.match(/../g) ?? []).map((h) => Number.parseInt(h, 16)).join('.');

/**
 * The IPv6 address a sslip.io / nip.io name carries in its last label, dashes for colons (`--1.sslip.io` is ::1,
 * `fd00-ec2--254.nip.io` fd00:ec2::254), with or without a prefix before a dash (`app-fe80--1`). Either service answers
 * nothing else, so reading an address into a name that holds none costs nothing.
 */
function ipv6InName(name: string): string | undefined {
  const suffix = ['.sslip.io', '.nip.io'].find((s) => name.endsWith(s));
  if (!suffix) return undefined;
  const label = name.slice(name.lastIndexOf('.', name.length - suffix.length - 1) + 1, name.length - suffix.length);
  // A DNS label holds at most 63 characters; the bound also keeps the tails below from costing more than a few thousand steps.
  if (!label.includes('-') || label.length > 63) return undefined;
  // The whole label, then each tail after a dash that is not part of a `--` (the `::` of the address itself).
  for (let start = 0; start < label.length; ) {
    const text = label.slice(start).replace(/-/g, ':');
    if (ipaddr.IPv6.isValid(text)) return ipaddr.IPv6.parse(text).toString();
    const dash = label.indexOf('-', start);
    if (dash < 0) return undefined;
    start = dash + 1;
    while (label[start] === '-') start++;
  }
  return undefined;
}

/**
 * xip.io also read its label as a base-36 number (`1ynrnhl.xip.io` was 169.254.169.254, as SSRFmap and HackTricks
 * spell it); the label right before the suffix, when it is no dotted address.
 */
function base36InName(name: string): string | undefined {
  const m = /(?:^|\.)([0-9a-z]{1,7})\.xip\.io$/.exec(name);
  if (!m) return undefined;
  const n = Number.parseInt(m[1], 36);
  return n <= 0xffff_ffff ? [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.') : undefined;
}

/**
 * DNS-rebinding services answer with addresses written in the name, one or the other per lookup: rbndr.us with two
 * hex addresses (`7f000001.c0a80001.rbndr.us`), 1u.ms with dotted or dashed ones (`make-1.2.3.4-rebind-169.254-169.254-rr.1u.ms`).
 * Every address written there may be the answer, so each is judged.
 */
function rebindingAddresses(name: string): string[] {
  const rbndr = /(?:^|\.)([0-9a-f]{8})\.([0-9a-f]{8})\.rbndr\.us$/.exec(name);
  if (rbndr) return [fromHex(rbndr[1]), fromHex(rbndr[2])];
  // A DNS name holds at most 253 characters; a longer one is no name 1u.ms answers, and the bound keeps the scan short.
  if (!name.endsWith('.1u.ms') || name.length > 253) return [];
  return [...name.matchAll(/(?<![\d])(\d{1,3})[.-](\d{1,3})[.-](\d{1,3})[.-](\d{1,3})(?![\d])/g)].map((m) => m.slice(1, 5).join('.'));
}

/**
 * The addresses a wildcard-DNS or DNS-rebinding name carries, as the lookup would answer them (none for other names):
 * the SSRF rules judge them before any lookup, so a name that could only lead inside is refused even without DNS.
 */
export function addressesInName(host: string): string[] {
  const name = host.toLowerCase().replace(/\.$/, '');
  const m = ADDRESS_IN_NAME.exec(name);
  const found = m ? [/^[0-9a-f]{8}$/.test(m[1]) ? fromHex(m[1]) : m[1].replace(/-/g, '.')] : [ipv6InName(name) ?? base36InName(name) ?? ''];
  return [...found, ...rebindingAddresses(name)].filter((a) => a && (a.includes(':') || ipaddr.IPv4.isValidFourPartDecimal(a)));
}
