import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../../../src/cli/main';
import { formatMentionSummary, resolveMentions } from '../../../src/engine/mentions/index';
import { HostRateLimiter } from '../../../src/engine/net/rate-limit';
import { copyFixture } from '../../support/fixture';
import { startServer, standIn, type TestServer } from '../net/test-server';

// People type `@https://…` for a page; it used to be read as a file called "https" and dropped
// without a word. It is now the same mention as `@url:https://…`, with the same checks.

let srv: TestServer;

before(async () => {
  srv = await startServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(req.url === '/secret' ? 'SECRET' : 'Retry three times, then give up.');
  });
});
after(() => srv.close());

const options = (root: string) => ({
  discovery: { root },
  allowNetwork: true,
  cacheDir: mkdtempSync(path.join(tmpdir(), 'grounded-cache-')),
  fetch: standIn,
  limiter: new HostRateLimiter(0),
});

describe('a bare @http(s):// mention', () => {
  it('is fetched and refused exactly as @url: is, with the same messages', async () => {
    const root = copyFixture();
    const loopback = `http://127.0.0.1:${srv.port}/secret`;
    const page = `${srv.base()}/notes`;
    const bare = await resolveMentions(`summarize @${loopback} and @${page}.`, options(root));
    const prefixed = await resolveMentions(`summarize @url:${loopback} and @url:${page}.`, options(root));
    const shape = (r: typeof bare) => ({
      failures: r.failures.map((f) => [f.kind, f.message, f.suggestion]),
      attached: r.attached.map((a) => [a.path, a.text, a.origin]),
    });
    assert.deepEqual(shape(bare), shape(prefixed));
    assert.equal(bare.failures[0].kind, 'ssrf_blocked');
    assert.match(bare.failures[0].message, /127\.0\.0\.1 is a loopback address/);
    assert.deepEqual(bare.attached.map((a) => a.text), ['Retry three times, then give up.']);
    assert.match(formatMentionSummary(bare.summary), new RegExp(`\\n- Not attached: @${loopback.replace(/[.]/g, '\\.')} — `));
  });

  it('shows its refusal in grounded query instead of being dropped as plain text', async () => {
    const root = copyFixture();
    let stdout = '';
    const io = { stdout: (t: string) => { stdout += t; }, stderr: () => {}, readStdin: async () => '', env: {}, cwd: root };
    assert.equal(await main(['query', 'what does @https://10.0.0.7/retry-notes say?', '--no-llm'], io), 0);
    assert.match(stdout, /Not attached: @https:\/\/10\.0\.0\.7\/retry-notes — blocked: 10\.0\.0\.7 is a private address/);
  });
});
