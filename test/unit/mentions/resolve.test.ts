import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { describeLines, formatMentionSummary, rephrasings, resolveMentions } from '../../../src/engine/mentions/index';
import { buildContext } from '../../../src/engine/context/build';
import { copyFixture, PLANTED_SECRETS } from '../../support/fixture';

const root = copyFixture();
writeFileSync(path.join(root, 'src', 'util', 'client.ts'), 'export const other = 1;\n');
const overlayFor = (open: string[], texts: Record<string, string> = {}) => ({
  get: (p: string) => texts[p],
  openPaths: () => open.map((o) => path.join(root, o)),
});

describe('resolving mentions', () => {
  it('resolves a basename to the open editor first, else reports it as ambiguous', async () => {
    const open = await resolveMentions('@client.ts', { discovery: { root }, overlay: overlayFor(['src/util/client.ts']) });
    assert.deepEqual(open.attached.map((a) => a.path), ['src/util/client.ts']);
    const closed = await resolveMentions('@client.ts', { discovery: { root } });
    assert.equal(closed.failures[0].kind, 'ambiguous');
    assert.match(closed.failures[0].message, /src\/http\/client\.ts, src\/util\/client\.ts/);
  });

  it('reads unsaved editor text and honours line ranges', async () => {
    const abs = path.join(root, 'src/util/time.ts');
    const r = await resolveMentions('@src/util/time.ts#L2-3', {
      discovery: { root },
      overlay: { get: (p) => (p === abs ? 'a\nunsaved b\nunsaved c\nd\n' : undefined), openPaths: () => [abs] },
    });
    assert.deepEqual(r.attached[0], {
      path: 'src/util/time.ts',
      startLine: 2,
      endLine: 3,
      text: 'unsaved b\nunsaved c',
      origin: 'mention',
      source: { text: 'a\nunsaved b\nunsaved c\nd\n', firstLine: 1 },
    });
    assert.deepEqual(r.summary.files, [{ path: 'src/util/time.ts', startLine: 2, endLine: 3, totalLines: 4, note: undefined }]);
  });

  it('gives each failure its kind and a suggestion, and goes on with the rest', async () => {
    const r = await resolveMentions('@keystore.tsx @config/local.env @../../etc/passwd @src/notes.ts#L90 @grep:"(a" @search:"zzzqqq" @src/notes.ts', {
      discovery: { root },
    });
    assert.deepEqual(r.failures.map((f) => f.kind), ['file_not_found', 'ignored', 'path_outside', 'bad_range', 'parse_error', 'no_matches']);
    assert.match(r.failures[0].suggestion, /Did you mean @src\/auth\/keyStore\.ts/);
    assert.match(r.failures[1].message, /\.gitignore:2: config\/local\.env/);
    assert.match(r.failures[3].message, /outside the file \(22 lines\)/);
    assert.match(r.failures[4].message, /position 1/);
    assert.deepEqual(r.attached.map((a) => a.path), ['src/notes.ts']);
  });

  it('names each failed mention once, and suggests only a file whose name is close to the one typed', async () => {
    const r = await resolveMentions('@src/missing.ts @src/util/tme.ts @lib/notes.ts @grep:"(a" @src/notes.ts#L90', { discovery: { root } });
    assert.deepEqual(
      formatMentionSummary(r.summary).split('\n').slice(1, 4),
      [
        '- Not attached: @src/missing.ts — no file matches. Check the path (relative to the workspace root).',
        '- Not attached: @src/util/tme.ts — no file matches. Did you mean @src/util/time.ts?',
        '- Not attached: @lib/notes.ts — no file matches. Did you mean @src/notes.ts?',
      ],
    );
    assert.match(formatMentionSummary(r.summary), /\n- Not attached: @grep:"\(a" — not a valid regular expression at position 1: /);
    assert.match(formatMentionSummary(r.summary), /\n- Not attached: @src\/notes\.ts#L90 — outside the file \(22 lines\)\. Use lines 1-22\.$/);
    for (const f of r.failures) assert.ok(!f.message.includes(f.raw), `the message does not repeat the mention: ${f.message}`);
  });

  it('offers each "Did you mean" as the question asked again with that path, its line range kept; none for a mention without one', async () => {
    const text = 'why does @src/util/tme.ts#L2-3 call @src/missing.ts and @client.ts?';
    const r = await resolveMentions(text, { discovery: { root } });
    assert.deepEqual(rephrasings(text, r.failures), [
      { mention: '@src/util/time.ts#L2-3', question: 'why does @src/util/time.ts#L2-3 call @src/missing.ts and @client.ts?' },
      { mention: '@src/http/client.ts', question: 'why does @src/util/tme.ts#L2-3 call @src/missing.ts and @src/http/client.ts?' },
      { mention: '@src/util/client.ts', question: 'why does @src/util/tme.ts#L2-3 call @src/missing.ts and @src/util/client.ts?' },
    ]);
    // Each offered question resolves its mention.
    const again = await resolveMentions(rephrasings(text, r.failures)[0].question, { discovery: { root } });
    assert.deepEqual(again.attached.map((a) => [a.path, a.startLine, a.endLine]), [['src/util/time.ts', 2, 3]]);
  });

  it('searches and greps with context lines, capped and ranked', async () => {
    const r = await resolveMentions('@search:"retry" @grep:"^export (async )?function \\w+"', { discovery: { root } });
    assert.equal(r.failures.length, 0);
    assert.ok(r.summary.searches[0].matches >= 3);
    assert.ok(r.attached.every((a) => a.origin === 'search' && a.endLine >= a.startLine));
    const grep = r.summary.searches[1];
    assert.ok(grep.files >= 3);
  });

  it('sends mention content through the scrubber like all context', async () => {
    const r = await resolveMentions('@config/app.env.example', { discovery: { root } });
    const ctx = await buildContext({ root, question: 'what is in the example config?', attached: r.attached });
    assert.equal(ctx.chunks[0].origin, 'mention');
    for (const s of PLANTED_SECRETS) assert.ok(!ctx.chunks.some((c) => c.text.includes(s)), s);
  });
});

describe('the mention summary', () => {
  it('says which lines of how many were sent, in words', () => {
    assert.equal(describeLines(1, 509, 1577), 'lines 1–509 of 1,577');
    assert.equal(describeLines(1, 12, 12), 'all 12 lines');
    assert.equal(describeLines(40, 80), 'lines 40–80');
    assert.equal(describeLines(7, 7, 9), 'line 7 of 9');
    const text = formatMentionSummary({
      files: [{ path: 'a.ts', startLine: 1, endLine: 509, totalLines: 1577 }],
      folders: [],
      searches: [],
      urls: [],
      failures: [{ raw: '@nope', kind: 'file_not_found', message: 'no file matches.', suggestion: 'Check the name.' }],
    });
    assert.equal(text, '**Mentions**\n- File a.ts: lines 1–509 of 1,577\n- Not attached: @nope — no file matches. Check the name.');
    assert.doesNotMatch(text, /\p{Extended_Pictographic}/u, 'no emoji');
  });
});
