import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fetchUrl } from '../../../src/engine/net/fetch-url';
import { createScrubber } from '../../../src/engine/privacy/scrubber';
import { startServer, standIn, type TestServer } from '../net/test-server';

// Issue 14, item 20: an unquoted secret in the middle of a line passes neither in a question nor
// on a fetched page. The page comes from a real HTTP server on 127.0.0.1 through the real fetch
// (HTML converted to text), then through the one scrubber, as an @url mention's text does.

let srv: TestServer;

before(async () => {
  srv = await startServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<html><body><h1>Staging</h1><p>Log in with user=ops password=QPass-7788!x then run the job.</p>'
      + '<p>Webhook: curl -H "X-Api-Key: Zq81Kd0pXw7Lm3RtVb" https://hooks.example.com/run</p></body></html>');
  });
});
after(() => srv.close());

describe('secrets in the middle of a line', () => {
  it('are redacted from a question, whatever surrounds them', () => {
    const scrubber = createScrubber();
    const out = scrubber.scrub('why does login fail with password=QPass-7788!x, and is token=Zq81Kd0pXw7Lm3Rt still valid?').text;
    assert.ok(!out.includes('QPass-7788!x') && !out.includes('Zq81Kd0pXw7Lm3Rt'), out);
    assert.match(out, /password=\[REDACTED:password#1\], and is token=\[REDACTED:api_key#1\] still valid\?/);
  });

  it('are redacted from a fetched page, as the page reaches the model', async () => {
    const page = await fetchUrl(`${srv.base()}/staging`, standIn);
    assert.match(page.text, /password=QPass-7788!x/); // the fetch itself keeps the text
    const out = createScrubber().scrub(page.text).text;
    assert.ok(!out.includes('QPass-7788!x'), out);
    assert.ok(!out.includes('Zq81Kd0pXw7Lm3RtVb'), out);
    assert.match(out, /user=ops password=\[REDACTED:password#1\] then run the job/);
  });

  it('leave prose and code that only look like assignments alone', () => {
    const prose = 'the password=required flag makes the field mandatory; call connect(host=h, password=pwd, port=5)';
    assert.equal(createScrubber().scrub(prose).text, prose);
  });
});
