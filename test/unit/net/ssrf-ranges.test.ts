import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import ipaddr from 'ipaddr.js';
import { FetchError, fetchUrl } from '../../../src/engine/net/fetch-url';
import { HostRateLimiter } from '../../../src/engine/net/rate-limit';
import { blockedRange, checkUrl } from '../../../src/engine/net/ssrf';
import { resolveMentions } from '../../../src/engine/mentions/index';
import { PUBLIC_STAND_IN, startServer, standIn, type TestServer } from './test-server';

function rng(seed: number): () => number {
  return () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
}
const rnd = rng(2024);
const hex16 = () => Math.floor(rnd() * 0x10000).toString(16);
/** A random IPv6 address whose first 16 bits are `first`. */
const v6 = (first: number) => ipaddr.fromByteArray([first >> 8, first & 0xff, ...Array.from({ length: 14 }, () => Math.floor(rnd() * 256))]).toString();
const publicResolver = async () => [PUBLIC_STAND_IN];

describe('IPv6 outside the global unicast space (2000::/3) is refused', () => {
  it('in every unassigned /3 and /4 block, as a literal and as a resolved address', async () => {
    // First 16 bits drawn from the blocks IANA has not assigned: 4000::/2, 8000::/1 up to fc00::, 0100::–1fff:: (less 0100::/64, discard).
    const blocks = [0x0200, 0x0400, 0x1000, 0x1ffe, 0x4000, 0x5e00, 0x6000, 0x8000, 0xa000, 0xc000, 0xe000, 0xf000, 0xf800, 0xfe00];
    for (const first of blocks) {
      for (let k = 0; k < 5; k++) {
        const a = v6(first + (k % 2));
        const literal = await checkUrl(`http://[${a}]/`, publicResolver);
        assert.equal(literal.allowed, false, a);
        assert.match(literal.reason, /is a non-global IPv6 address \(outside 2000::\/3/, a);
        const named = await checkUrl('https://v6.example/', async () => [a]);
        assert.match(named.reason, new RegExp(`resolves to ${a.replace(/[.:]/g, '\\$&')}, a non-global IPv6 address`), a);
      }
    }
    // ::/8 beyond the IPv4-compatible ::/96, mapped and translated forms (those have their own rules).
    for (const a of ['::1:0:0:1', '0:0:0:1::', '0:1::1', '::1:2:3:4']) assert.match(blockedRange(a) ?? '', /non-global/, a);
  });

  it('still allows global unicast addresses, outside the special ranges inside 2000::/3', async () => {
    for (let k = 0; k < 200; k++) {
      const a = v6(0x2400 + Math.floor(rnd() * 0x1b00)); // 2400:: – 3eff::, clear of 2001::/23, 2001:db8::/32, 2002::/16 and 3fff::/20
      assert.equal(blockedRange(a), undefined, a);
    }
    assert.equal((await checkUrl('http://[2606:4700:4700::1111]/', publicResolver)).allowed, true);
  });
});

describe('local-use NAT64 (64:ff9b:1::/48, RFC 8215) is refused whatever it seems to carry', () => {
  it('refuses every address in the prefix, public-looking last 32 bits included', async () => {
    for (let k = 0; k < 50; k++) {
      const a = `64:ff9b:1:${hex16()}:${hex16()}:${hex16()}:808:808`;
      assert.match(blockedRange(a) ?? '', /^local-use NAT64 address/, a);
      assert.match((await checkUrl(`http://[${a}]/`, publicResolver)).reason, /is a local-use NAT64 address \(64:ff9b:1::\/48/, a);
    }
  });

  it('still judges the well-known prefix 64:ff9b::/96 by the IPv4 address it carries', () => {
    assert.equal(blockedRange('64:ff9b::808:808'), undefined);
    assert.equal(blockedRange('64:ff9b::a00:1'), 'private address');
    assert.equal(blockedRange('64:ff9b::169.254.169.254'), 'link-local address');
  });
});

describe('ports of non-web protocols (the Fetch standard\'s bad ports) are refused on every host', () => {
  it('refuses SMTP, SSH, IRC, SIP, LDAP, NFS, X11, Amanda and port 0, naming the port', async () => {
    for (const port of [0, 21, 22, 25, 110, 143, 389, 465, 587, 2049, 5060, 6000, 6667, 6697, 10080]) {
      for (const scheme of ['http', 'https']) {
        const d = await checkUrl(`${scheme}://public.example:${port}/`, publicResolver);
        assert.equal(d.allowed, false, `${scheme} ${port}`);
        assert.equal(d.reason, `port ${port} is not allowed (it belongs to a non-web protocol; browsers refuse it too)`);
      }
    }
  });

  it('allows the ports web servers use', async () => {
    for (const port of [80, 443, 81, 591, 3000, 4443, 5000, 8000, 8008, 8080, 8443, 8888, 9000, 65535])
      assert.equal((await checkUrl(`http://public.example:${port}/`, publicResolver)).allowed, true, String(port));
  });
});

describe('a redirect to any of these is blocked before a connection is made', () => {
  let srv: TestServer;
  const targets = (port: number) => [
    `http://[4000::1]:${port}/secret`,
    `http://[64:ff9b:1::808:808]:${port}/secret`,
    'http://public.test:25/secret',
    `http://nonglobal.public.test:${port}/secret`,
    `http://localnat64.public.test:${port}/secret`,
  ];
  const resolver = async (host: string) =>
    host === 'nonglobal.public.test' ? ['::1:2:3:4'] : host === 'localnat64.public.test' ? ['64:ff9b:1:7f00:0:100:808:808'] : standIn.resolver(host);

  before(async () => {
    srv = await startServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      res.writeHead(Number(u.searchParams.get('code')), { location: u.searchParams.get('to') ?? '/' });
      res.end();
    });
  });
  after(() => srv.close());

  it('with every redirect code, through fetchUrl and through an @url mention', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'grounded-ssrf-'));
    for (const code of [301, 302, 303, 307, 308]) {
      for (const to of targets(srv.port)) {
        const url = `${srv.base()}/r?code=${code}&to=${encodeURIComponent(to)}`;
        const hits = srv.hits();
        const err = await fetchUrl(url, { ...standIn, resolver }).then(() => undefined, (e: unknown) => e);
        assert.ok(err instanceof FetchError && err.kind === 'ssrf_blocked', `${code} → ${to}: ${String(err)}`);
        assert.match(err.message, /^a redirect to .* is blocked: .*(non-global IPv6|local-use NAT64|port 25 is not allowed)/, to);
        assert.equal(srv.hits() - hits, 1, 'only the redirecting page was requested');

        const r = await resolveMentions(`read @url:${url}`, {
          discovery: { root }, allowNetwork: true, refresh: true, cacheDir: path.join(root, 'cache'),
          fetch: { ...standIn, resolver }, limiter: new HostRateLimiter(0),
        });
        assert.deepEqual(r.failures.map((f) => f.kind), ['ssrf_blocked'], `${code} → ${to}`);
        assert.match(r.failures[0].message, /^a redirect to .* is blocked: /);
      }
    }
  });
});
