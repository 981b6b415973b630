import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createScrubber } from '../../../src/engine/privacy/scrubber';

const scrub = (text: string) => createScrubber().scrub(text);

test('Basic credentials are base64 of user:password; a word after "Basic" is left alone', () => {
  const real = Buffer.from('deploy:W7q!rT9zLp').toString('base64');
  assert.match(scrub(`Authorization: Basic ${real}`).text, /^Authorization: Basic \[REDACTED:basic_auth/);
  assert.equal(scrub('Authorization: Basic Authorization: Basic realm').text, 'Authorization: Basic Authorization: Basic realm');
  const run = 'Authorization: Basic '.repeat(50_000);
  assert.deepEqual(scrub(run).redactions, {}, 'a megabyte of the header name alone holds no credential');
});

test('emails are still found at the end of a sentence, with IDN domains and address literals; runs of @ are not', () => {
  for (const [text, count] of [
    ['Write to jane.doe@example.com.', 1],
    ['Write to jane.doe@example.co.uk, please', 1],
    ['kontakt: müller@bücher.de', 1],
    ['root@[192.168.12.7] is the relay', 1],
    ['a.b@'.repeat(10_000), 0],
    ['a@b.c1.'.repeat(10_000), 0],
  ] as const) {
    assert.equal(scrub(text).redactions.email ?? 0, count, text.slice(0, 40));
  }
});
