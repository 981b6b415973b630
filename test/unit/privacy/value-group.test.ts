import { test } from 'node:test';
import assert from 'node:assert/strict';
import { valueGroupIsLast, withoutIndices } from '../../../src/engine/privacy/value-group';
import { findByRules } from '../../../src/engine/privacy/detector';

test('a value group followed only by lookarounds is recognised as last; anything consuming after it is not', () => {
  assert.equal(valueGroupIsLast(String.raw`Basic[ \t]{1,5}(?<value>[A-Za-z0-9+/]{6,4096}={0,2})(?![\w+/=-])`), true);
  assert.equal(valueGroupIsLast(String.raw`key=(?<value>\w+)(?=[;)])(?<![x)])`), true);
  assert.equal(valueGroupIsLast(String.raw`key=(?<value>\w+)"`), false);
  assert.equal(valueGroupIsLast(String.raw`(?<value>abc)abc`), false);
  assert.equal(valueGroupIsLast(String.raw`k=(?<value>[)(]+)(?=\))`), true, 'parentheses inside a class or escaped do not count');
  assert.equal(valueGroupIsLast(String.raw`k=(?<value>a(?:b|c)+)(?:d)?`), false);
  assert.equal(valueGroupIsLast(String.raw`no group here`), false);
});

test('without the d flag the redacted span is the same as with it', () => {
  const rules = [
    { kind: 'k', pattern: /(?<![\w-])token[ \t]{0,3}=[ \t]{0,3}(?<value>[A-Za-z0-9]{8,64})(?![\w-])/dg },
    { kind: 'q', pattern: /secret: "(?<value>[^"]{4,40})"/dg },
  ];
  assert.ok(withoutIndices(rules[0].pattern), 'the first runs without d');
  assert.equal(withoutIndices(rules[1].pattern), null, 'the second needs d (a quote follows the value)');
  const text = 'a token = Zx81Qw0PlmNb77 and token=Zx81Qw0PlmNb77;\nsecret: "Zx81Qw0PlmNb77" secret: "Zx81"';
  const spans = [...findByRules(rules, text)].map((f) => text.slice(f.start, f.end));
  assert.deepEqual(spans, ['Zx81Qw0PlmNb77', 'Zx81Qw0PlmNb77', 'Zx81Qw0PlmNb77', 'Zx81']);
});
