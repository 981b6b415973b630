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

  it('judges UTF-8 as a strict decoder does: overlong forms, surrogates, code points past U+10FFFF, stray and cut sequences', () => {
    const strict = (b: Uint8Array) => {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(b);
        return true;
      } catch {
        return false;
      }
    };
    const edges = [[0xc0, 0x80], [0xc1, 0xbf], [0xe0, 0x80, 0x80], [0xf0, 0x80, 0x80, 0x80], [0xed, 0xbf, 0xbf], [0xf4, 0x90, 0x80, 0x80],
      [0xf5, 0x80, 0x80, 0x80], [0xff], [0x80], [0xe2, 0x82], [0xef, 0xbb, 0xbf, 0x41], [0xf4, 0x8f, 0xbf, 0xbf], [0xee, 0x80, 0x80]];
    let seed = 7;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    // Mostly ASCII with lead and continuation bytes scattered in, as mis-encoded text has them.
    const randomBlocks = Array.from({ length: 3000 }, () => Array.from({ length: 1 + (random() % 12) }, () => {
      const r = random() % 10;
      return r < 5 ? 0x41 + (random() % 26) : r < 8 ? 0x80 + (random() % 64) : 0xc0 + (random() % 64);
    }));
    for (const bytes of [...edges, ...randomBlocks]) {
      const block = Uint8Array.from(bytes);
      assert.equal(looksBinary(block, true), !strict(block), Buffer.from(block).toString('hex'));
    }
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
