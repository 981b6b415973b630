import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildContext } from '../../../src/engine/context/build';
import { formatSnippetAnswer } from '../../../src/engine/context/render';
import { bestWindowStart } from '../../../src/engine/context/snippet-window';

const roots: string[] = [];
after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

// A file as many begin: a licence header and imports, then the code a question is about.
const HEADER = ['// Copyright 2014 The Authors. All rights reserved.', '// Use of this source code is governed by a license.', '', 'package gin', '',
  'import (', ...Array.from({ length: 24 }, (_, i) => `\t"pkg${i}"`), ')', ''];
const BODY = ['// Recovery returns a middleware that recovers from any panics.', 'func Recovery() HandlerFunc {', '\treturn func(c *Context) {',
  '\t\tdefer func() {', '\t\t\tif rec := recover(); rec != nil {', '\t\t\t\tc.AbortWithStatus(500) // the panic is recovered here', '\t\t\t}', '\t\t}()',
  '\t\tc.Next()', '\t}', '}'];

describe('the lines a snippet shows of a long chunk', () => {
  it('are the window holding the most of the question\'s terms, not the chunk\'s top', () => {
    const lines = [...HEADER, ...BODY];
    const start = bestWindowStart(lines, ['panic', 'recov'], 10);
    // Two lines of lead-in, then the doc comment that first names the terms.
    assert.equal(lines[start + 2], BODY[0], `window starts at ${start}: ${lines[start]}`);
    assert.ok(lines.slice(start, start + 10).some((l) => l.includes('recover()')));
    assert.equal(bestWindowStart(lines, ['quaternion'], 10), 0, 'no term in the chunk: its top');
    assert.equal(bestWindowStart(lines.slice(0, 8), ['panic'], 10), 0, 'a short chunk is shown whole');
  });

  it('are cited exactly: the citation names the lines shown, and they are the file\'s lines', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'grounded-window-'));
    roots.push(root);
    writeFileSync(path.join(root, 'recovery.go'), `${[...HEADER, ...BODY, ...Array.from({ length: 30 }, (_, i) => `// note ${i}`)].join('\n')}\n`);
    const ctx = await buildContext({ root, question: 'how are panics recovered?' });
    const answer = formatSnippetAnswer(ctx);
    const m = /\*\*1\. recovery\.go#L(\d+)-(\d+)\*\*\n\n```go\n([\s\S]*?)\n```/.exec(answer);
    assert.ok(m, answer);
    const [from, to] = [Number(m[1]), Number(m[2])];
    assert.ok(from > 1, `shown from line ${from}, past the header`);
    const file = readFileSync(path.join(root, 'recovery.go'), 'utf8').split('\n');
    assert.equal(m[3], file.slice(from - 1, to).join('\n'));
    assert.match(m[3], /recover\(\)/);
  });

  it('begin and end on text: blank lines at a chunk\'s edges are neither shown nor cited', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'grounded-window-'));
    roots.push(root);
    const text = ['function alpha() {', '  return 1;', '}', '', '', 'function storeQuaternionKey(key) {', '  vault.put(key);', '}', '', ''].join('\n');
    writeFileSync(path.join(root, 'keys.js'), text);
    const ctx = await buildContext({ root, question: 'where is the quaternion key stored?' });
    const answer = formatSnippetAnswer(ctx);
    const m = /keys\.js#L(\d+)-(\d+)\*\*\n\n```js\n([\s\S]*?)\n```/.exec(answer);
    assert.ok(m, answer);
    const shown = m[3].split('\n');
    assert.notEqual(shown[0].trim(), '', `starts on text: ${JSON.stringify(m[3])}`);
    assert.notEqual(shown[shown.length - 1].trim(), '', `ends on text: ${JSON.stringify(m[3])}`);
    assert.equal(m[3], text.split('\n').slice(Number(m[1]) - 1, Number(m[2])).join('\n'), 'the citation names exactly the lines shown');
    assert.doesNotMatch(answer, /more lines in keys\.js/);
  });

  it('begin on text inside a long chunk too: a window that opens on a blank line between blocks starts at the next line', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'grounded-window-'));
    roots.push(root);
    // Two blank lines before the code the question is about: the best window's lead-in is blank.
    const lines = [...HEADER, '', ...BODY, ...Array.from({ length: 30 }, (_, i) => `// note ${i}`)];
    writeFileSync(path.join(root, 'recovery.go'), `${lines.join('\n')}\n`);
    const answer = formatSnippetAnswer(await buildContext({ root, question: 'how are panics recovered?' }));
    const m = /\*\*1\. recovery\.go#L(\d+)-(\d+)\*\*\n\n```go\n([\s\S]*?)\n```/.exec(answer);
    assert.ok(m, answer);
    assert.notEqual(m[3].split('\n')[0].trim(), '', `starts on text: ${JSON.stringify(m[3].slice(0, 80))}`);
    assert.equal(m[3], lines.slice(Number(m[1]) - 1, Number(m[2])).join('\n'), 'the citation names exactly the lines shown');
    assert.match(m[3], /recover\(\)/);
  });
});
