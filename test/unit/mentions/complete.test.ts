import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mentionTokenAt, rankMentions, MAX_COMPLETIONS } from '../../../src/engine/mentions/complete';

const ALL = [
  'src/auth/keyStore.ts',
  'src/http/client.ts',
  'src/util/time.ts',
  'docs/keys-and-secrets.md',
  'README.md',
  'src/notes.ts',
  'test/keystore.test.ts',
];
const labels = (prefix: string, open: string[] = [], all = ALL) => rankMentions(prefix, open, all).map((c) => c.label);

describe('rankMentions', () => {
  it('puts basename matches before path matches, shorter paths first', () => {
    assert.deepEqual(labels('keys'), ['src/auth/keyStore.ts', 'test/keystore.test.ts', 'docs/keys-and-secrets.md']);
    assert.deepEqual(labels('auth'), ['src/auth/keyStore.ts']);
  });

  it('matches fuzzily (characters in order), case-insensitively', () => {
    assert.deepEqual(labels('kst'), ['src/auth/keyStore.ts', 'test/keystore.test.ts', 'docs/keys-and-secrets.md']);
    assert.deepEqual(labels('htcl'), ['src/http/client.ts']);
    assert.deepEqual(labels('CLIENT'), ['src/http/client.ts']);
    assert.deepEqual(labels('zzz'), []);
  });

  it('lists open editors first, marked, but only files Grounded may read', () => {
    const items = rankMentions('t', ['src/util/time.ts', 'config/local.env'], [...ALL]);
    assert.equal(items[0].label, 'src/util/time.ts');
    assert.equal(items[0].detail, 'open editor');
    assert.ok(!items.some((i) => i.label.includes('local.env')), 'an open but hidden file is never offered');
  });

  it('inserts the path with a trailing space, and the fixed kinds when the prefix starts them', () => {
    const [first] = rankMentions('keyS', [], ALL);
    assert.deepEqual(first, { label: 'src/auth/keyStore.ts', insert: '@src/auth/keyStore.ts ', detail: undefined });
    const s = rankMentions('se', [], ALL);
    assert.ok(s.some((i) => i.insert === '@search:""'));
    assert.ok(!s.some((i) => i.insert === '@grep:""'));
    assert.deepEqual(rankMentions('url', [], ALL).map((i) => i.insert), ['@url:']);
    assert.deepEqual(rankMentions('g', [], ['a.ts']).map((i) => i.insert), ['@grep:""']);
    assert.deepEqual(rankMentions('search:"x', [], ALL), [], 'nothing once the kind is typed');
  });

  it('offers at most eight items, the fixed kinds included', () => {
    const many = Array.from({ length: 50 }, (_, i) => `src/s${i}.ts`);
    const items = rankMentions('s', [], many);
    assert.equal(items.length, MAX_COMPLETIONS);
    assert.equal(items.at(-1)!.insert, '@search:""');
    assert.equal(rankMentions('', [], many).length, MAX_COMPLETIONS);
  });

  it('lists what can be mentioned for @ alone: open editors, then the shortest paths (no dotfiles), then every kind', () => {
    const items = rankMentions('', ['src/util/time.ts'], ['.gitignore', '.github/ci.yml', ...ALL]);
    assert.deepEqual(items.map((i) => i.insert), [
      '@src/util/time.ts ',
      '@README.md ',
      '@src/notes.ts ',
      '@src/http/client.ts ',
      '@src/auth/keyStore.ts ',
      '@search:""',
      '@grep:""',
      '@url:',
    ]);
    assert.equal(items[0].detail, 'open editor');
    assert.deepEqual(rankMentions('', [], []).map((i) => i.label), ['@search:""', '@grep:""', '@url:'], 'an empty workspace still shows the kinds');
    assert.equal(rankMentions('', ['.env.example'], ['.env.example'])[0].label, '.env.example', 'an open dotfile is still offered');
  });

  it('lists an exact kind before the files once two letters are typed', () => {
    const files = ['src/grep-tool.ts', 'src/engine/progress.ts', 'lib/urlParse.ts'];
    assert.deepEqual(rankMentions('gr', [], files).map((i) => i.insert), ['@grep:""', '@src/grep-tool.ts ', '@src/engine/progress.ts ']);
    assert.equal(rankMentions('url', [], files)[0].insert, '@url:');
    assert.equal(rankMentions('sea', ['src/search.ts'], ['src/search.ts'])[0].insert, '@search:""', 'even before an open editor');
    assert.equal(rankMentions('g', [], files)[0].insert, '@src/grep-tool.ts ', 'one letter: files first');
  });

  it('skips paths a mention cannot spell (spaces)', () => {
    assert.deepEqual(labels('my', [], ['docs/my notes.md', 'docs/my-notes.md']), ['docs/my-notes.md']);
  });
});

describe('mentionTokenAt', () => {
  const at = (text: string) => mentionTokenAt(text, text.length);
  it('finds the @token before the caret at a word start', () => {
    assert.deepEqual(at('what is @keyS'), { start: 8, prefix: 'keyS' });
    assert.deepEqual(at('@src/au'), { start: 0, prefix: 'src/au' });
    assert.deepEqual(at('see (@cli'), { start: 5, prefix: 'cli' });
    assert.deepEqual(at('x @'), { start: 2, prefix: '' });
  });

  it('ignores e-mail addresses, finished tokens and code', () => {
    assert.equal(at('mail jane@acme'), undefined);
    assert.equal(at('@keyStore.ts and more'), undefined);
    assert.equal(at('in `@keyS'), undefined);
    assert.equal(at('```\n@keyS'), undefined);
    assert.deepEqual(at('`code` then @keyS'), { start: 12, prefix: 'keyS' });
  });

  it('reads the token up to the caret only', () => {
    assert.deepEqual(mentionTokenAt('ask @cli about', 8), { start: 4, prefix: 'cli' });
  });
});

describe('folder completions', () => {
  const files = ['src/auth/keyStore.ts', 'src/auth/session/cookie.ts', 'src/http/client.ts', 'src/audit.ts', 'docs/a.md'];

  it('offers the folders a typed path starts, before its files, to keep the search inside one', () => {
    const items = rankMentions('src/au', [], files);
    assert.deepEqual(items.slice(0, 2).map((i) => [i.insert, i.detail]), [
      ['@src/auth/ ', 'search only this folder'],
      ['@src/auth/session/ ', 'search only this folder'],
    ]);
    assert.ok(items.some((i) => i.insert === '@src/audit.ts '));
  });

  it('offers none before a slash is typed, nor a folder already typed whole', () => {
    assert.ok(!rankMentions('src', [], files).some((i) => i.insert.endsWith('/ ')));
    assert.ok(!rankMentions('src/auth/', [], files).some((i) => i.insert === '@src/auth/ '));
  });
});
