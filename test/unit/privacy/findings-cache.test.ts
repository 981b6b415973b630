import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findingsCache, findingsIn } from '../../../src/engine/privacy/findings-cache';
import { detectAll, resolveOverlaps } from '../../../src/engine/privacy/registry';
import { createScrubber } from '../../../src/engine/privacy/scrubber';

// The findings of a whole file are kept under a hash of its content: the next question of a
// conversation reads the same files, and scanning them was most of a question's time. Only the
// detection is shared; placeholders and copies of earlier values stay per query.

const filler = (n: number) => Array.from({ length: n }, (_, i) => `export const value${i} = compute(${i}); // plain code line`).join('\n');
const file = `${filler(40)}\nconst awsKey = "AKIAIOSFODNN7EXAMPL3";\nconst owner = "jane.doe@corp-mail.com";\n${filler(40)}\n`;

describe('the findings cache', () => {
  beforeEach(() => findingsCache.clear());

  it('answers a text seen before with the same findings the detectors give', () => {
    const direct = resolveOverlaps(detectAll(file), file.length);
    assert.deepEqual(findingsIn(file), direct);
    assert.deepEqual(findingsIn(`${file}`), direct);
    assert.deepEqual(findingsCache.stats(), { hits: 1, misses: 1, entries: 1 });
  });

  it('tells texts apart by content, not by length: one changed character is scanned again', () => {
    findingsIn(file);
    const edited = file.replace('AKIAIOSFODNN7EXAMPL3', 'AKIAIOSFODNN7EXAMPL4');
    assert.equal(edited.length, file.length);
    findingsIn(edited);
    assert.deepEqual(findingsCache.stats(), { hits: 0, misses: 2, entries: 2 });
  });

  it('shares frozen findings, so no query can change what the next one gets', () => {
    const found = findingsIn(file);
    assert.ok(found.length >= 2);
    assert.ok(Object.isFrozen(found) && found.every((f) => Object.isFrozen(f)));
  });

  it('keeps short texts (a citation, a line) apart from whole files, with the findings a scan gives', () => {
    const line = 'mail jane.doe@corp-mail.com';
    const first = findingsIn(line);
    assert.deepEqual(first, resolveOverlaps(detectAll(line), line.length));
    assert.equal(findingsIn(`${line}`), first, 'the second time from the cache');
    assert.ok(Object.isFrozen(first));
    assert.notEqual(findingsIn('mail jane.doe@corp-mail.org'), first);
    assert.deepEqual(findingsCache.stats(), { hits: 0, misses: 0, entries: 0 }, 'not counted or kept with files');
  });

  it('keeps placeholders and echoes per query: a cached file gets the copies of values redacted earlier in its own query only', () => {
    const bare = `${file}login(user, "Tr0ub4dor-Staple-93");\n`;
    const fresh = createScrubber().scrub(bare).text;
    assert.match(fresh, /Tr0ub4dor-Staple-93/, 'bare, the value is not found');
    const query = createScrubber();
    query.scrub('DB_PASSWORD="Tr0ub4dor-Staple-93"\n');
    const echoed = query.scrub(bare).text;
    assert.equal(findingsCache.stats().hits, 1, 'the second scrub of the file used the cached scan');
    assert.doesNotMatch(echoed, /Tr0ub4dor-Staple-93/, 'after the query redacted it under its name, the bare copy is redacted too');
    assert.match(echoed, /\[REDACTED:aws_access_key#1\]/);
    assert.equal(createScrubber().scrub(bare).text, fresh, 'and a later query is not affected');
  });
});
