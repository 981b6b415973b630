import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { WorkspaceIndex } from '../../../src/engine/retrieval/index';
import { isTestPath } from '../../../src/engine/retrieval/path-demotion';
import { phraseMatcher } from '../../../src/engine/retrieval/phrases';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { indexCorpus } from '../../support/corpus-index';

function indexOf(files: Record<string, string>): Promise<WorkspaceIndex> {
  return indexCorpus(files, 'grounded-rank-');
}

async function ranked(index: WorkspaceIndex, question: string): Promise<string[]> {
  return (await index.search(extractTerms(question), 10)).map((r) => r.path);
}

// A source file that answers the question, and a test that says the same words more often (as tests do).
const SOURCE = `/** Keeps API keys in the platform's secret storage, never in settings. */
export class KeyVault {
  constructor(private readonly storage: SecretStorage) {}
  saveKey(provider: string, key: string) { return this.storage.store(provider, key); }
}
`;
const TEST = Array.from(
  { length: 12 },
  (_, i) => `it('stores API key ${i} in storage', () => { vault.saveKey('p${i}', 'api key ${i}'); expect(stored(apiKey)).toBe(true); });`,
).join('\n');

describe('ranking rules', () => {
  it('ranks the source above a test that repeats the words, unless the question is about tests', async () => {
    // The test's name and its denser text would win on words alone; only its place under test/ says otherwise.
    // Other files saying none of the words, as a tree has: among three files every word is common, its
    // weight near nothing, and the test's file name (a path boost, counted 3x since FILE_NAME_FACTOR = 3) outweighed all text.
    const others = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`src/f${i}.ts`, `export const x${i} = compute${i}(input);\n`]));
    const index = await indexOf({ 'src/vault.ts': SOURCE, 'test/apiKeys.test.ts': TEST, 'src/other.ts': 'export const unrelated = 1;\n', ...others });
    assert.deepEqual(await ranked(index, 'how are API keys stored?'), ['src/vault.ts', 'test/apiKeys.test.ts']);
    assert.deepEqual(await ranked(index, 'which tests cover how API keys are stored?'), ['test/apiKeys.test.ts', 'src/vault.ts']);
  });

  it('demotes test and fixture paths by their folders and names', () => {
    for (const p of [
      'test/a.ts',
      'tests/b.py',
      'src/__tests__/c.tsx',
      'test/fixtures/workspaces/basic/src/auth/keyStore.ts',
      'fixtures/x.json',
      'spec/models/user_spec.rb',
      'src/a.test.ts',
      'src/b.spec.js',
      'pkg/server_test.go',
      'tests/test_api.py',
    ]) {
      assert.ok(isTestPath(p), p);
    }
    for (const p of ['src/engine/config/query-config.ts', 'src/testing-utils.ts', 'docs/testing.md', 'src/contest/latest.ts', 'README.md'])
      assert.ok(!isTestPath(p), p);
  });

  it('matches "stored" to storage and store (SecretStorage answers how keys are stored)', async () => {
    const index = await indexOf({
      'src/keys.ts': 'export class Keys {\n  constructor(private secrets: SecretStorage) {}\n  get(apiKey: string) { return this.secrets.get(apiKey); }\n}\n',
      'src/other.ts': 'export function apiKeyLength(key: string) { return key.length; }\n',
    });
    const [first] = await index.search(extractTerms('how are API keys stored?'), 5);
    assert.equal(first.path, 'src/keys.ts');
    assert.ok(first.matched.includes('word:stor'), first.matched.join(','));
  });

  it('finds the package whose folder joins two words of the question (code frame → babel-code-frame/)', async () => {
    const index = await indexOf({
      'packages/babel-code-frame/src/index.ts': 'export function highlight(lines: string[]) { return lines.map(mark).join("\\n"); }\n',
      'packages/core/src/errors.ts': '// prints the stack: each frame of the code\nexport function report(e: Error) { console.log(e.stack); }\n',
    });
    assert.equal((await ranked(index, 'where is the code frame printed?'))[0], 'packages/babel-code-frame/src/index.ts');
  });

  it('puts the method a question names with its class first (Session.send), not the class', async () => {
    const klass = ['class Session:', "    '''A session: sends requests, keeps cookies.'''", '    def __init__(self):', '        self.cookies = {}', '']
      .concat(Array.from({ length: 90 }, (_, i) => `    def helper_${i}(self): return self.send_count + ${i}`))
      .concat(['', '    def send(self, request):', '        return self.adapter.transmit(request)', '']);
    const index = await indexOf({
      'src/sessions.py': `${klass.join('\n')}\n`,
      'src/mixins.py': 'class RedirectMixin:\n    def send(self, request):\n        raise NotImplementedError\n',
    });
    const [first] = await index.search(extractTerms('what does Session.send do?'), 5);
    assert.equal(first.path, 'src/sessions.py');
    assert.ok(first.startLine > 60, `the chunk of def send, not the class's first one: ${first.startLine}`);
  });

  it('finds a Go method by its receiver, named by its type or by the variable code calls it by (c.Redirect)', async () => {
    const padding = Array.from({ length: 70 }, (_, i) => `func (c *Context) Helper${i}() int { return c.redirects + ${i} }`).join('\n');
    const index = await indexOf({
      'context.go': [
        'package gin', '', 'type Context struct{ redirects int }', '', padding, '',
        'func (c *Context) Redirect(code int, location string) {', '\tc.Render(code, location)', '}', '',
      ].join('\n'),
      'render/redirect.go': 'package render\n\n// Redirect renders a redirect to a location\ntype Redirect struct{ Code int }\n',
    });
    for (const question of ['how does c.Redirect work?', 'what does Context.Redirect do?']) {
      const [first] = await index.search(extractTerms(question), 5);
      assert.ok(first.path === 'context.go' && first.startLine > 60, `${question}: ${first.path}#L${first.startLine}`);
    }
  });

  it('finds a member of a module named with :: in the file or folder of that module (middleware::from_fn)', async () => {
    const index = await indexOf({
      // The struct is named like the function, and its methods say from_fn and middleware on every line.
      'src/middleware/from_fn.rs': [
        'pub struct FromFn<F> {', '    f: F,', '}', '', 'impl<F> FromFn<F> {',
        ...Array.from({ length: 55 }, (_, i) => `    // from_fn middleware step ${i}: calls the from_fn handler`),
        '}', '', 'pub fn from_fn<F>(f: F) -> FromFnLayer<F> {', '    FromFnLayer { f }', '}', '',
      ].join('\n'),
      'src/routing/mod.rs': '//! Routing: every route is a middleware stack built from_fn handlers\npub fn route(path: &str) {}\n',
    });
    const [first] = await index.search(extractTerms('how does middleware::from_fn work?'), 5);
    assert.ok(first.path === 'src/middleware/from_fn.rs' && first.startLine > 60, `${first.path}#L${first.startLine}`);
  });

  it('counts a quoted phrase only where its words are adjacent', async () => {
    const index = await indexOf({
      'a.md': 'Retries use exponential backoff with jitter.\n',
      'b.md': 'The exponential growth of retries needs a backoff. Exponential, exponential, exponential backoff-less growth.\n'.replace(
        'exponential backoff-less',
        'growth and backoff',
      ),
      'c.ts': 'export function exponentialBackoff(attempt: number) { return 2 ** attempt; }\n',
    });
    const results = await index.search(extractTerms('where is "exponential backoff"'), 10);
    const phraseHits = results.filter((r) => r.matched.includes('phrase:exponential backoff')).map((r) => r.path).sort();
    assert.deepEqual(phraseHits, ['a.md', 'c.ts']);
    assert.ok(results.some((r) => r.path === 'b.md'), 'b.md still matches the words');
    assert.notEqual(results[0].path, 'b.md');
  });

  it('builds phrase matchers from words only, allowing separators and camelCase between them', () => {
    const re = phraseMatcher('Retry-After (header)')!;
    assert.ok(re.test('parse the retry after header'));
    assert.ok(re.test('RetryAfterHeader'));
    assert.ok(re.test('retry_after_header'));
    assert.ok(!re.test('retry later, after the header'));
    assert.equal(phraseMatcher('!!'), undefined);
  });

  it('ranks a dotfile named in the question first', async () => {
    const index = await indexOf({
      '.gitignore': 'dist/\n*.log\n',
      'docs/ignore.md': 'Grounded reads .gitignore files and the gitignore rules in them; gitignore gitignore.\n',
    });
    assert.equal((await ranked(index, 'what does .gitignore hide?'))[0], '.gitignore');
  });
  it('takes a package named as @scope/name to its folder in a monorepo, above the files that import it', async () => {
    const importer = (i: number) =>
      'import traverse from "@acme/walker";\nimport { cachePaths } from "@acme/walker";\n' +
      `// uses @acme/walker paths ${i}\nexport const run${i} = () => traverse(cachePaths);\n`;
    const files: Record<string, string> = {
      'packages/acme-walker/package.json': '{ "name": "@acme/walker" }\n',
      'packages/acme-walker/src/cache.ts': 'let pathsCache = new WeakMap();\nexport function getCachedPaths(node) { return pathsCache.get(node); }\n',
      'packages/acme-walker/src/index.ts': 'export { default } from "./walk";\n',
      'src/unrelated.ts': 'export const nothing = 1;\n',
    };
    for (let i = 0; i < 6; i++) files[`packages/app-${i}/src/main.ts`] = importer(i);
    const index = await indexOf(files);
    assert.equal((await ranked(index, 'how does @acme/walker cache paths?'))[0], 'packages/acme-walker/src/cache.ts');
    // Without the package's folder in the workspace, the name is looked for in the text as before.
    const elsewhere = await indexOf({ 'src/a.ts': importer(0), 'src/b.ts': 'export const b = 1;\n' });
    assert.deepEqual(await ranked(elsewhere, 'how is @acme/walker used?'), ['src/a.ts']);
  });
  it('finds code that writes a word as its abbreviation, and the word for an abbreviation, below the word itself', async () => {
    const index = await indexOf({
      'src/auth.ts': 'export function checkAuth(req) { return verifyAuthHeader(req.headers); }\n',
      'src/db.ts': 'export const dbPool = createPool(); export function openDb() { return dbPool.connect(); }\n',
      'src/other.ts': 'export const colours = ["red", "green"];\n',
      'docs/authentication.md': '# Authentication\nAuthentication is done with a header.\n',
    });
    assert.deepEqual(await ranked(index, 'where is the database opened?'), ['src/db.ts']);
    const auth = await ranked(index, 'how does authentication work?');
    assert.ok(auth.includes('src/auth.ts'), auth.join());
    assert.deepEqual(await ranked(index, 'where is auth checked?'), ['src/auth.ts', 'docs/authentication.md']);
  });
  it('answers a question about the project as a whole from its README (and CONTRIBUTING for building and testing)', async () => {
    const files: Record<string, string> = {
      'README.md': '# Widget\nWidget draws charts in the terminal.\n\n## Install\n\n    npm install widget\n',
      'CONTRIBUTING.md': '# Contributing\nRun `npm test` before a pull request.\n',
      'src/chart.ts': 'export function drawChart(points: number[]) { return points.join(","); }\n',
    };
    // Scripts and fixtures say "install", "run" and "test" far more often than the README does.
    for (let i = 0; i < 4; i++) files[`scripts/run-${i}.sh`] = 'npm install && npm run build && npm test # run test install build\n'.repeat(4);
    const index = await indexOf(files);
    assert.equal((await ranked(index, 'what does this project do?'))[0], 'README.md');
    assert.equal((await ranked(index, 'how do I install it?'))[0], 'README.md');
    assert.deepEqual((await ranked(index, 'how do I run the tests?')).slice(0, 2), ['README.md', 'CONTRIBUTING.md']);
    // A question that names something in the code is not about the project as a whole.
    assert.equal((await ranked(index, 'how are charts drawn?'))[0], 'src/chart.ts');
  });
});
