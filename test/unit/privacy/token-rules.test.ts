import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contextPrefixRules } from '../../../src/engine/privacy/detectors/token-rules-context';
import { devTokenRules } from '../../../src/engine/privacy/detectors/token-rules-dev';
import { moreTokenRules } from '../../../src/engine/privacy/detectors/token-rules-more';
import { saasTokenRules } from '../../../src/engine/privacy/detectors/token-rules-saas';
import { PrefixIndex } from '../../../src/engine/privacy/prefix-scan';
import { hasCrc32Checksum, isFakeBody, withCrc32Checksum } from '../../../src/engine/privacy/token-checks';
import { fake } from './corpus-helpers';

const allRules = [...devTokenRules, ...saasTokenRules, ...moreTokenRules, ...contextPrefixRules];

/** The pattern with escapes and character classes removed: what is left shows its quantifiers. */
function skeleton(source: string): string {
  return source.replace(/\\./g, 'x').replace(/\[[^\]]*\]/g, 'x');
}

test('every token body is bounded, so the scan stays linear on any input (checked on the pattern, not timed)', () => {
  for (const rule of allRules) {
    const bare = skeleton(rule.body.source);
    assert.ok(!/[*+]|\{\d+,\}/.test(bare), `${rule.kind} ${rule.prefixes[0]}: unbounded quantifier in /${rule.body.source}/`);
  }
});

test('the prefix scan covers a couple of hundred prefixes, each of two ASCII characters at least', () => {
  const prefixes = allRules.flatMap((r) => r.prefixes);
  assert.ok(prefixes.length >= 200, String(prefixes.length));
  assert.throws(() => new PrefixIndex([{ kind: 'x', prefixes: ['a'], body: /b/ }]), /two ASCII characters/);
});

test('a prefix scan finds a token at the start of a word only, and the longest prefix wins', () => {
  const index = new PrefixIndex(allRules);
  const key = `sk-ant-api03-${fake(93, 'url', 3)}AA`;
  const found = index.scan(`a=${key} x${key}`);
  assert.deepEqual(found.map((f) => [f.kind, f.start]), [['anthropic_key', 2]]);
});

test('GitHub/npm CRC32 checksum: a made token passes, one changed character fails', () => {
  const body = withCrc32Checksum(fake(30, 'alnum', 9));
  assert.ok(hasCrc32Checksum(body));
  const changed = (body[0] === 'a' ? 'b' : 'a') + body.slice(1);
  assert.ok(!hasCrc32Checksum(changed));
});

test('fillers and EXAMPLE samples are fake bodies; random bodies and runs of other letters are not', () => {
  for (const body of ['x'.repeat(36), '*'.repeat(20), '0'.repeat(32), 'YOUR_TOKEN_GOES_HERE', 'IOSFODNN7EXAMPLE', 'Q3VB8EXAMPLEKEY2'])
    assert.ok(isFakeBody(body), body);
  // Runs of other letters carry no marker saying they are samples: they look like live keys.
  for (const body of [fake(36, 'alnum', 1), fake(40, 'hex', 2), fake(34, 'letters', 3), 'Z'.repeat(16)]) assert.ok(!isFakeBody(body), body);
});
