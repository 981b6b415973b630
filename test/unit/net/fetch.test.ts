import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fetchUrl } from '../../../src/engine/net/fetch-url';
import { HostRateLimiter, UrlCache } from '../../../src/engine/net/url-cache';
import { MentionError } from '../../../src/engine/mentions/errors';
import { resolveMentions } from '../../../src/engine/mentions/index';
import { copyFixture } from '../../support/fixture';

// A local server standing in for a public host: the test resolver maps public.test to 127.0.0.1
// and only that host name is trusted, so every other hop is judged by the real SSRF rules.
let server: http.Server;
let port = 0;
let hits = 0;
const trusted = { resolver: async () => ['127.0.0.1'], trustedHosts: new Set(['public.test']) };

before(async () => {
  server = http.createServer((req, res) => {
    hits++;
    const u = req.url ?? '/';
    if (u.split('?')[0] === '/page') { res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag: '"v1"' }); res.end('<html><body><h1>Retry policy</h1><p>Wait <b>2 s</b>.</p><script>evil()</script></body></html>'); }
    else if (u === '/etag') { if (req.headers['if-none-match'] === '"v1"') { res.writeHead(304); res.end(); } else { res.writeHead(200, { 'content-type': 'text/plain', etag: '"v1"' }); res.end('first'); } }
    else if (u === '/to-loopback') { res.writeHead(302, { location: `http://127.0.0.1:${port}/secret` }); res.end(); }
    else if (u === '/to-localhost') { res.writeHead(301, { location: `http://localhost:${port}/secret` }); res.end(); }
    else if (u === '/to-metadata') { res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }); res.end(); }
    else if (u === '/big') { res.writeHead(200, { 'content-type': 'text/plain' }); res.end('x'.repeat(2 * 1024 * 1024)); }
    else if (u === '/binary') { res.writeHead(200, { 'content-type': 'application/octet-stream' }); res.end(Buffer.from([0, 1, 2])); }
    else if (u === '/slow') { setTimeout(() => { res.writeHead(200, { 'content-type': 'text/plain' }); res.end('late'); }, 3000); }
    else if (u === '/limited') { if (hits % 2 === 1) { res.writeHead(429, { 'retry-after': '0' }); res.end(); } else { res.writeHead(200, { 'content-type': 'text/plain' }); res.end('after 429'); } }
    else if (u === '/always-429') { res.writeHead(429, { 'retry-after': '120' }); res.end(); }
    else if (u === '/secret') { res.writeHead(200, { 'content-type': 'text/plain' }); res.end('SECRET'); }
    else { res.writeHead(404); res.end(); }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
after(() => { server.closeAllConnections(); server.close(); });

async function kind(p: Promise<unknown>): Promise<string> {
  try { await p; } catch (err) { assert.ok(err instanceof MentionError, String(err)); return err.kind; }
  return 'ok';
}

describe('fetching URLs safely', () => {
  it('converts HTML to readable text (no scripts)', async () => {
    const page = await fetchUrl(`http://public.test:${port}/page`, trusted);
    assert.match(page.text, /RETRY POLICY/i);
    assert.match(page.text, /Wait 2 s\./);
    assert.doesNotMatch(page.text, /evil/);
  });

  it('blocks a redirect from a public-looking host to loopback, localhost or cloud metadata', async () => {
    const before = hits;
    assert.equal(await kind(fetchUrl(`http://public.test:${port}/to-loopback`, trusted)), 'ssrf_blocked');
    assert.equal(await kind(fetchUrl(`http://public.test:${port}/to-localhost`, trusted)), 'ssrf_blocked');
    assert.equal(await kind(fetchUrl(`http://public.test:${port}/to-metadata`, trusted)), 'ssrf_blocked');
    assert.equal(hits - before, 3, 'the secret endpoint was never requested');
  });

  it('blocks a host whose resolved address is private before connecting', async () => {
    const before = hits;
    assert.equal(await kind(fetchUrl(`http://sneaky.test:${port}/secret`, { resolver: async () => ['127.0.0.1'] })), 'ssrf_blocked');
    assert.equal(hits, before);
  });

  it('cuts at 1 MB, refuses binary content types, times out', async () => {
    const big = await fetchUrl(`http://public.test:${port}/big`, trusted);
    assert.equal(big.truncated, true);
    assert.equal(big.bytes, 1024 * 1024);
    assert.equal(await kind(fetchUrl(`http://public.test:${port}/binary`, trusted)), 'content_type');
    assert.equal(await kind(fetchUrl(`http://public.test:${port}/slow`, { ...trusted, timeoutMs: 200 })), 'timeout');
  });

  it('waits once on 429 with a short Retry-After, and reports a long one as rate limited', async () => {
    hits = 0;
    const waits: number[] = [];
    const page = await fetchUrl(`http://public.test:${port}/limited`, { ...trusted, sleep: async (ms) => { waits.push(ms); } });
    assert.equal(page.text, 'after 429');
    assert.deepEqual(waits, [0]);
    assert.equal(await kind(fetchUrl(`http://public.test:${port}/always-429`, trusted)), 'rate_limited');
  });

  it('caches for 24 hours and refreshes with If-None-Match on demand', async () => {
    let now = 1_000_000;
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'grounded-cache-'));
    const root = copyFixture();
    const opts = { discovery: { root }, allowNetwork: true, cacheDir, fetch: trusted, now: () => now, limiter: new HostRateLimiter(0) };
    const url = `@url:http://public.test:${port}/etag`;
    const before = hits;
    const first = await resolveMentions(url, opts);
    assert.equal(first.attached[0].text, 'first');
    const second = await resolveMentions(url, opts);
    assert.equal(second.summary.urls[0].cached, true);
    assert.equal(hits - before, 1, 'served from the cache');
    now += 25 * 60 * 60 * 1000;
    const third = await resolveMentions(url, opts);
    assert.equal(third.attached[0].text, 'first', 'a 304 keeps the cached text');
    assert.equal(hits - before, 2);
    await resolveMentions(url, { ...opts, refresh: true });
    assert.equal(hits - before, 3);
    const c = await new UrlCache(cacheDir, () => now).get(`http://public.test:${port}/etag`);
    assert.equal(c?.fresh, true);
  });

  it('refuses URLs in an untrusted workspace and beyond 10 per request', async () => {
    const root = copyFixture();
    const off = await resolveMentions('@url:https://example.com/', { discovery: { root }, allowNetwork: false });
    assert.equal(off.failures[0].kind, 'network_disabled');
    const many = Array.from({ length: 11 }, (_, i) => `@url:http://public.test:${port}/page?${i}`).join(' ');
    const r = await resolveMentions(many, { discovery: { root }, allowNetwork: true, cacheDir: mkdtempSync(path.join(tmpdir(), 'grounded-cache-')), fetch: trusted, limiter: new HostRateLimiter(0) });
    assert.equal(r.summary.urls.length, 10);
    assert.equal(r.failures[0].kind, 'too_many_urls');
  });

  it('spaces requests to one host', async () => {
    let now = 0;
    const slept: number[] = [];
    const limiter = new HostRateLimiter(1000, () => now, async (ms) => { slept.push(ms); now += ms; });
    await limiter.wait('a.test');
    await limiter.wait('a.test');
    await limiter.wait('b.test');
    assert.deepEqual(slept, [1000]);
  });
});
