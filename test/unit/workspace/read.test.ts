import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { discoverFiles } from '../../../src/engine/workspace/discovery';
import { looksBinary, readWorkspaceText, SNIFF_BYTES } from '../../../src/engine/workspace/read';

const roots: string[] = [];
after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

// Latin-1 text: no NUL byte anywhere, but 0xE9 ("é") alone is not valid UTF-8.
const LATIN1 = Buffer.from('caf\xe9 au lait\nna\xefve\n', 'latin1');

describe('binary detection without NUL bytes', () => {
  it('calls a block with invalid UTF-8 binary, and valid multi-byte text not', () => {
    assert.equal(LATIN1.includes(0), false);
    assert.equal(looksBinary(LATIN1, true), true);
    assert.equal(looksBinary(Buffer.from([0x63, 0xc3, 0x28, 0x64]), true), true, 'a lead byte followed by a non-continuation byte');
    assert.equal(looksBinary(Buffer.from([0xed, 0xa0, 0x80]), true), true, 'an encoded surrogate');
    assert.equal(looksBinary(Buffer.from('café 日本 🙂\n'), true), false);
  });

  it('does not blame a character cut by the end of an incomplete block', () => {
    const text = Buffer.from(`${'x'.repeat(SNIFF_BYTES - 1)}é`);
    const block = text.subarray(0, SNIFF_BYTES);
    assert.equal(looksBinary(block, false), false, 'cut mid-character: more follows');
    assert.equal(looksBinary(block, true), true, 'the same bytes as a whole file end mid-character');
  });

  it('refuses such a file when reading and reports it when listing', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'grounded-read-'));
    roots.push(root);
    writeFileSync(path.join(root, 'legacy.txt'), LATIN1);
    writeFileSync(path.join(root, 'ok.txt'), 'café\n');
    assert.deepEqual(await readWorkspaceText(path.join(root, 'legacy.txt')), {
      ok: false,
      reason: 'binary',
      detail: 'binary content (NUL byte or invalid UTF-8)',
    });
    const result = await discoverFiles({ root, sniffBinary: true });
    assert.deepEqual(result.files.map((f) => f.path), ['ok.txt']);
    assert.deepEqual(result.skipped, [{ path: 'legacy.txt', reason: 'binary', detail: 'binary content (NUL byte or invalid UTF-8)' }]);
  });
});
