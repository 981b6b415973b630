import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FetchError, fetchUrl } from '../../../src/engine/net/fetch-url';
import { HostRateLimiter } from '../../../src/engine/net/rate-limit';
import { UrlCache } from '../../../src/engine/net/url-cache';
import { resolveMentions } from '../../../src/engine/mentions/index';
import { copyFixture } from '../../support/fixture';
import { PUBLIC_STAND_IN, startServer, standIn, type TestServer } from './test-server';

let srv: TestServer;
let base = '';

before(async () => {
  srv = await startServer((req, res) => {
    const u = req.url ?? '/';
    if (u.split('?')[0] === '/page') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag: '"v1"' });
      res.end('<html><body><h1>Retry policy</h1><p>Wait <b>2 s</b>.</p><script>evil()</script></body></html>');
    } else if (u === '/etag') {
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304);
        res.end();
      } else {
        res.writeHead(200, { 'content-type': 'text/plain', etag: '"v1"' });
        res.end('first');
      }
    } else if (u === '/to-loopback') {
      res.writeHead(302, { location: `http://127.0.0.1:${srv.port}/secret` });
      res.end();
    } else if (u === '/to-localhost') {
      res.writeHead(301, { location: `http://localhost:${srv.port}/secret` });
      res.end();
    } else if (u === '/to-metadata') {
      res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    } else if (u === '/to-compat') {
      res.writeHead(302, { location: `http://[::127.0.0.1]:${srv.port}/secret` });
      res.end();
    } else if (u === '/to-dots-name' || u === '/to-dots-address') {
      res.writeHead(302, { location: `http://${u.endsWith('name') ? 'localhost' : '127.0.0.1'}..:${srv.port}/secret` });
      res.end();
    } else if (u === '/to-public') {
      res.writeHead(302, { location: '/page' });
      res.end();
    } else if (u === '/bad-location') {
      res.writeHead(302, { location: 'http://[bad' });
      res.end();
    } else if (u === '/big') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('x'.repeat(2 * 1024 * 1024));
    } else if (u === '/binary') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(Buffer.from([0, 1, 2]));
    } else if (u === '/slow') {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('late');
      }, 3000);
    } else if (u === '/secret') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('SECRET');
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  base = srv.base();
});
after(() => srv.close());

async function kind(p: Promise<unknown>): Promise<string> {
  try { await p; } catch (err) { assert.ok(err instanceof FetchError, String(err)); return err.kind; }
  return 'ok';
}

describe('fetching URLs safely', () => {
  it('converts HTML to readable text (no scripts), following a redirect checked like the first hop', async () => {
    const page = await fetchUrl(`${base}/to-public`, standIn);
    assert.match(page.text, /RETRY POLICY/i);
    assert.match(page.text, /Wait 2 s\./);
    assert.doesNotMatch(page.text, /evil/);
    assert.equal(page.finalUrl, `${base}/page`);
  });

  it('blocks a redirect from a public-looking host to loopback, localhost, cloud metadata or IPv4-compatible IPv6', async () => {
    const before = srv.hits();
    for (const p of ['/to-loopback', '/to-localhost', '/to-metadata', '/to-compat'])
      assert.equal(await kind(fetchUrl(`${base}${p}`, standIn)), 'ssrf_blocked', p);
    assert.equal(srv.hits() - before, 4, 'the secret endpoint was never requested');
  });

  it('blocks a redirect to a host with an empty label (localhost.., 127.0.0.1..) even where every name resolves to a public address', async () => {
    const everyNamePublic = { resolver: async () => [PUBLIC_STAND_IN], connect: () => '127.0.0.1' };
    const before = srv.hits();
    for (const p of ['/to-dots-name', '/to-dots-address']) {
      const err = await fetchUrl(`${base}${p}`, everyNamePublic).catch((e: FetchError) => e);
      assert.ok(err instanceof FetchError && err.kind === 'ssrf_blocked', p);
      assert.match(err.message, /a redirect to http:\/\/(localhost|127\.0\.0\.1)\.\.:\d+\/secret is blocked: .*empty label/, p);
    }
    assert.equal(srv.hits() - before, 2, 'the secret endpoint was never requested');
  });

  it('blocks a host whose resolved address is private before connecting', async () => {
    const before = srv.hits();
    assert.equal(await kind(fetchUrl(`${srv.base('sneaky.test')}/secret`, standIn)), 'ssrf_blocked');
    assert.equal(srv.hits(), before);
  });

  it('reports a host that does not resolve as url_invalid, not as blocked', async () => {
    const err = await fetchUrl('http://nx.public.test/', {
      resolver: async () => {
        throw Object.assign(new Error('nx'), { code: 'ENOTFOUND' });
      },
    }).catch((e: FetchError) => e);
    assert.ok(err instanceof FetchError);
    assert.equal(err.kind, 'url_invalid');
    assert.match(err.message, /could not be resolved.*ENOTFOUND/);
  });

  it('cuts at 1 MB, refuses binary content types, reports HTTP errors, times out', async () => {
    const big = await fetchUrl(`${base}/big`, standIn);
    assert.equal(big.truncated, true);
    assert.equal(big.bytes, 1024 * 1024);
    assert.equal(await kind(fetchUrl(`${base}/binary`, standIn)), 'content_type');
    assert.equal(await kind(fetchUrl(`${base}/missing`, standIn)), 'http_status');
    assert.equal(await kind(fetchUrl(`${base}/slow`, { ...standIn, timeoutMs: 200 })), 'timeout');
  });

  it('turns an invalid redirect Location into url_invalid', async () => {
    assert.equal(await kind(fetchUrl(`${base}/bad-location`, standIn)), 'url_invalid');
  });

  it('caches for 24 hours and refreshes with If-None-Match on demand', async () => {
    let now = 1_000_000;
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'grounded-cache-'));
    const root = copyFixture();
    const opts = { discovery: { root }, allowNetwork: true, cacheDir, fetch: standIn, now: () => now, limiter: new HostRateLimiter(0) };
    const url = `@url:${base}/etag`;
    const before = srv.hits();
    const first = await resolveMentions(url, opts);
    assert.equal(first.attached[0].text, 'first');
    const second = await resolveMentions(url, opts);
    assert.equal(second.summary.urls[0].cached, true);
    assert.equal(srv.hits() - before, 1, 'served from the cache');
    now += 25 * 60 * 60 * 1000;
    const third = await resolveMentions(url, opts);
    assert.equal(third.attached[0].text, 'first', 'a 304 keeps the cached text');
    assert.equal(srv.hits() - before, 2);
    await resolveMentions(url, { ...opts, refresh: true });
    assert.equal(srv.hits() - before, 3);
    const c = await new UrlCache(cacheDir, () => now).get(`${base}/etag`);
    assert.equal(c?.fresh, true);
  });

  it('refuses URLs in an untrusted workspace and beyond 10 per request', async () => {
    const root = copyFixture();
    const off = await resolveMentions('@url:https://example.com/', { discovery: { root }, allowNetwork: false });
    assert.equal(off.failures[0].kind, 'network_disabled');
    const many = Array.from({ length: 11 }, (_, i) => `@url:${base}/page?${i}`).join(' ');
    const r = await resolveMentions(many, {
      discovery: { root },
      allowNetwork: true,
      cacheDir: mkdtempSync(path.join(tmpdir(), 'grounded-cache-')),
      fetch: standIn,
      limiter: new HostRateLimiter(0),
    });
    assert.equal(r.summary.urls.length, 10);
    assert.equal(r.failures[0].kind, 'too_many_urls');
  });

  it('keeps going when one URL fails: a bad redirect, an invalid URL, an HTTP error and an unwritable cache are placeholders', async () => {
    const root = copyFixture();
    const notADir = path.join(mkdtempSync(path.join(tmpdir(), 'grounded-cache-')), 'file');
    writeFileSync(notADir, 'not a folder');
    const text = `@url:${base}/bad-location @url:http://[bad @url:${base}/missing @url:${base}/page?ok @src/notes.ts#L1-2`;
    const r = await resolveMentions(text, { discovery: { root }, allowNetwork: true, cacheDir: notADir, fetch: standIn, limiter: new HostRateLimiter(0) });
    assert.deepEqual(
      r.failures.map((f) => [f.raw, f.kind]),
      [
        [`@url:${base}/bad-location`, 'url_invalid'],
        ['@url:http://[bad', 'url_invalid'],
        [`@url:${base}/missing`, 'http_status'],
      ],
    );
    for (const f of r.failures) assert.ok(f.message && f.suggestion, JSON.stringify(f));
    assert.deepEqual(r.attached.map((a) => a.origin), ['url', 'mention']);
    assert.match(r.summary.urls[0].note ?? '', /^not cached: /);
  });
});
