import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chunkText, definedName, goMethod } from '../../../src/engine/retrieval/chunks';
import { PostingStore } from '../../../src/engine/retrieval/postings';
import { ChunkTokenizer } from '../../../src/engine/retrieval/tokenize';

// Lines of a workspace file built to make the definition patterns backtrack. Completion is the assertion that matters
// (before, a heading marker and 200 K blanks before `\r` took minutes, `func(` and 200 K tabs longer); the answers are
// checked too, and the byte tokenizer must agree with chunkText on them.
const RUN = 200_000;
const HOSTILE_LINES = [
  `#${' '.repeat(RUN)}\r`,
  `##${'\t'.repeat(RUN)}x\u2028`,
  `func(${'\t'.repeat(RUN)})A])u`,
  `func (a${' '.repeat(RUN)}*`,
  `func (${'a'.repeat(RUN)}!`,
];

describe('definition patterns on hostile lines of a workspace file', () => {
  it('find no definition in lines that only look like a heading or a Go method, however long their runs', () => {
    for (const line of HOSTILE_LINES) assert.equal(definedName(line), undefined, JSON.stringify(line.slice(0, 12)));
  });

  it('still read headings and Go methods as before', () => {
    assert.equal(definedName('## Retry policy'), 'Retry policy');
    assert.equal(definedName('#\r Title'), 'Title', 'a break inside the blanks after the marker is taken by them');
    assert.equal(definedName('# Title\r'), undefined, 'a break after the title ends no heading (`.` does not take it)');
    assert.equal(definedName('#  '), ' ', 'blanks alone: the last one');
    assert.equal(definedName('####### seven'), undefined);
    assert.deepEqual(goMethod('func (c *Context) Redirect(code int) {'), { receiver: 'c', type: 'Context', name: 'Redirect' });
    assert.deepEqual(goMethod('func (s Set[T]) Add(v T) {'), { receiver: 's', type: 'Set', name: 'Add' });
    assert.deepEqual(goMethod('func (*Context) Next() {'), { receiver: undefined, type: 'Context', name: 'Next' });
    // An unnamed receiver is its type, not a name split in two ("Contex" and "t").
    assert.deepEqual(goMethod('func (Context) Next() {'), { receiver: undefined, type: 'Context', name: 'Next' });
  });

  it('chunk a file of such lines the same way from its text and from its bytes', () => {
    const text = `${HOSTILE_LINES.join('\n')}\n# Real heading\nfunc (c *Context) Done() {}\n`;
    const chunks = chunkText(text);
    assert.equal(chunks.length, 1);
    const real = chunkText('# Real heading\nfunc (c *Context) Done() {}\n');
    assert.deepEqual([...chunks[0].defines].sort(), [...real[0].defines].sort(), 'only the real heading and method define names');
    const tokenizer = new ChunkTokenizer(new PostingStore());
    const fromBytes: Array<[number, number, number]> = [];
    tokenizer.tokenize(Buffer.from(text), (c) => fromBytes.push([c.startLine, c.endLine, c.length]));
    assert.deepEqual(fromBytes, chunks.map((c) => [c.startLine, c.endLine, c.length]));
  });
});
