import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FetchError, fetchUrl, retryAfterMs } from '../../../src/engine/net/fetch-url';
import { HostRateLimiter, sharedHostLimiter } from '../../../src/engine/net/rate-limit';
import { resolveMentions } from '../../../src/engine/mentions/index';
import { copyFixture } from '../../support/fixture';
import { startServer, standIn, type TestServer } from './test-server';

let srv: TestServer;
const seen = new Map<string, number>();

before(async () => {
  srv = await startServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const n = (seen.get(u.search) ?? 0) + 1;
    seen.set(u.search, n);
    if (u.pathname === '/dribble') {
      // One byte every 150 ms: never idle long, never finished.
      res.writeHead(200, { 'content-type': 'text/plain' });
      const t = setInterval(() => res.write('x'), 150);
      res.on('close', () => clearInterval(t));
    } else if (u.pathname === '/once-429') {
      if (n === 1) {
        res.writeHead(429, { 'retry-after': u.searchParams.get('after') === 'date' ? new Date(Date.now() + 3000).toUTCString() : '1' });
        res.end();
      } else {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('after 429');
      }
    } else if (u.pathname === '/bare-429') { res.writeHead(429); res.end(); }
    else if (u.pathname === '/long-429') { res.writeHead(429, { 'retry-after': '120' }); res.end(); }
    else { res.writeHead(200, { 'content-type': 'text/plain' }); res.end('ok'); }
  });
});
after(() => srv.close());

async function failure(p: Promise<unknown>): Promise<FetchError> {
  const err = await p.then(() => undefined, (e: unknown) => e);
  assert.ok(err instanceof FetchError, String(err));
  return err;
}

describe('URL time limits and rate limits', () => {
  it('applies one overall deadline: a server dribbling a byte every 150 ms cannot outlast it', async () => {
    // 'timeout' is the deadline's verdict: a dribble that ran its course would have answered.
    const err = await failure(fetchUrl(`${srv.base()}/dribble`, { ...standIn, timeoutMs: 500 }));
    assert.equal(err.kind, 'timeout');
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    assert.equal(retryAfterMs('7', now), 7000);
    assert.equal(retryAfterMs('Wed, 01 Jan 2025 00:00:30 GMT', now), 30_000);
    assert.equal(retryAfterMs('Tue, 31 Dec 2024 00:00:00 GMT', now), 0);
    assert.equal(retryAfterMs('soon', now), undefined);
    assert.equal(retryAfterMs(undefined, now), undefined);
  });

  it('retries a 429 after its Retry-After, in seconds or as a date', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => { waits.push(ms); };
    assert.equal((await fetchUrl(`${srv.base()}/once-429?s`, { ...standIn, sleep })).text, 'after 429');
    assert.deepEqual(waits, [1000]);
    assert.equal((await fetchUrl(`${srv.base()}/once-429?after=date`, { ...standIn, sleep })).text, 'after 429');
    assert.ok(waits[1] > 1000 && waits[1] <= 3000, `waited ${waits[1]} ms for a date 3 s ahead`);
  });

  it('backs off exponentially without Retry-After, a few times, then reports rate_limited', async () => {
    const waits: number[] = [];
    const before = srv.hits();
    const err = await failure(fetchUrl(`${srv.base()}/bare-429`, { ...standIn, sleep: async (ms) => { waits.push(ms); } }));
    assert.equal(err.kind, 'rate_limited');
    assert.deepEqual(waits, [1000, 2000, 4000]);
    assert.equal(srv.hits() - before, 4);
  });

  it('does not wait past the overall deadline', async () => {
    const waits: number[] = [];
    const err = await failure(fetchUrl(`${srv.base()}/long-429`, { ...standIn, timeoutMs: 5000, sleep: async (ms) => { waits.push(ms); } }));
    assert.equal(err.kind, 'rate_limited');
    assert.match(err.message, /retry after 120 s/);
    assert.deepEqual(waits, []);
  });

  it('remembers a 429 in the limiter: the next request to that host waits its turn', async () => {
    let now = 0;
    const slept: number[] = [];
    const clock = { now: () => now, sleep: async (ms: number) => { slept.push(ms); now += ms; } };
    const limiter = new HostRateLimiter(1000, clock.now, clock.sleep);
    const host = `public.test:${srv.port}`;
    assert.equal((await failure(fetchUrl(`${srv.base()}/long-429`, { ...standIn, ...clock, limiter }))).kind, 'rate_limited');
    assert.equal(limiter.delayFor(host), 120_000);
    const before = srv.hits();
    assert.equal((await failure(fetchUrl(`${srv.base()}/ok`, { ...standIn, ...clock, limiter }))).kind, 'rate_limited', 'its turn is past the 60 s limit');
    assert.equal(srv.hits(), before, 'and nothing was sent');
    const page = await fetchUrl(`${srv.base()}/ok`, { ...standIn, ...clock, limiter, timeoutMs: 200_000 });
    assert.equal(page.text, 'ok');
    assert.deepEqual(slept, [120_000]);
    // The 429 doubled the spacing; the success brought it back for the turn after next.
    assert.equal(limiter.delayFor(host), 2000);
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

  it('keeps the process-wide limiter across requests when the caller brings none', async () => {
    const root = copyFixture();
    const opts = {
      discovery: { root },
      allowNetwork: true,
      cacheDir: mkdtempSync(path.join(tmpdir(), 'grounded-cache-')),
      fetch: { ...standIn, timeoutMs: 5000 },
    };
    const host = `public.test:${srv.port}`;
    const first = await resolveMentions(`@url:${srv.base()}/long-429`, opts);
    assert.equal(first.failures[0].kind, 'rate_limited');
    assert.ok(sharedHostLimiter.delayFor(host) > 100_000);
    const before = srv.hits();
    const second = await resolveMentions(`@url:${srv.base()}/ok`, opts);
    assert.equal(second.failures[0].kind, 'rate_limited');
    assert.equal(srv.hits(), before, 'the second request did not hit the rate-limited host');
  });
});
