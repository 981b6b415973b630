import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { indexCorpus } from '../../support/corpus-index';

// Rules found on the held-out trees (bench/retrieval-sets-held-out.ts): copies of other projects'
// code, man pages, and the abbreviations code writes for two words.
async function ranked(files: Record<string, string>, question: string): Promise<string[]> {
  const index = await indexCorpus(files, 'grounded-copies-');
  return [...new Set((await index.search(extractTerms(question), 10)).map((r) => r.path))];
}

const OWN = 'int number_parse(const char *s) {\n  /* parse a decimal number */\n  return decimal_parse(s);\n}\n';
// The vendored library names the question's words far more often than the project's own call of it.
const VENDORED = Array.from({ length: 10 }, (_, i) => `int decimal_parse_${i}(const char *s) { /* parse decimal number ${i} */ }`).join('\n');

describe('copies and pages that are not the project code', () => {
  it('ranks the project code above a vendored copy, unless the question names the copy', async () => {
    const files = { 'src/number.c': OWN, 'vendor/decimal/decimal.c': VENDORED, 'deps/other/x.c': VENDORED };
    assert.equal((await ranked(files, 'how is a decimal number parsed?'))[0], 'src/number.c');
    assert.notEqual((await ranked(files, 'how does the vendored library parse a decimal number?'))[0], 'src/number.c');
  });

  it('ranks a man page, long and naming every option, below the code', async () => {
    const page = Array.from({ length: 12 }, () => '.TP\n\\fB--slurp\\fR read all inputs into an array: slurp inputs array').join('\n');
    const main = 'if (slurp) {\n  /* read all inputs into one array */\n  inputs = array_of(inputs);\n}\n';
    const files = { 'src/main.c': main, 'jq.1.prebuilt': page, 'man/rg.1': page };
    assert.equal((await ranked(files, 'how does --slurp read all inputs into an array?'))[0], 'src/main.c');
  });
});

describe('declarations and tooling beside the code', () => {
  it('ranks the JavaScript code above a TypeScript declaration file, unless the question asks about typings', async () => {
    // The declarations say the question's words once more each than the code does.
    const dts = Array.from({ length: 4 }, (_, i) => `/** reports upload progress ${i} */ onUploadProgress${i}?: (event: ProgressEvent) => void;`);
    const xhr =
      'if (onUploadProgress) {\n  // report upload progress from the request upload events\n' +
      '  request.upload.addEventListener("progress", onUploadProgress);\n}\n';
    const files = { 'index.d.ts': dts.join('\n'), 'lib/adapters/xhr.js': xhr };
    assert.equal((await ranked(files, 'how is upload progress reported?'))[0], 'lib/adapters/xhr.js');
    assert.equal((await ranked(files, 'what are the typings of the upload progress event?'))[0], 'index.d.ts');
  });

  // The header names the question's words in every declaration; the source says them once each.
  const header = Array.from({ length: 8 }, (_, i) => `/* decode and validate UTF-8 (${i}) */ int utf8_decode_${i}(const char *in);`).join('\n');
  const source = 'int utf8_decode(const char *in) {\n  /* decode one UTF-8 sequence and validate it */\n  return next(in);\n}\n';

  it('ranks a C source above its header, but keeps a header with no source beside it', async () => {
    assert.equal((await ranked({ 'src/utf8.h': header, 'src/utf8.c': source }, 'how is UTF-8 decoded and validated?'))[0], 'src/utf8.c');
    assert.equal((await ranked({ 'include/utf8.h': header, 'src/utf8.c': source }, 'how is UTF-8 decoded and validated?'))[0], 'include/utf8.h');
  });

  it('ranks the code above a build script that generates it, unless the question asks for a script', async () => {
    const files = { 'src/utf8.c': source, 'scripts/gen_utf8.py': header.replace(/int /g, 'def ') };
    assert.equal((await ranked(files, 'how is UTF-8 decoded and validated?'))[0], 'src/utf8.c');
    assert.equal((await ranked(files, 'which script generates the UTF-8 decode and validate tables?'))[0], 'scripts/gen_utf8.py');
  });

  it("ranks a package's code above its manifest, unless the question is about the package itself", async () => {
    // The manifest is named by the package's folder (the path boost) and lists the same words.
    const files = {
      'packages/transform-template-literals/package.json':
        '{ "name": "transform-template-literals",\n  "description": "Compile ES2015 template literals to ES5",\n' +
        '  "keywords": ["template", "literals", "compile"] }\n',
      'packages/transform-template-literals/src/index.js':
        'export function visitTemplateLiteral(path) {\n  // join the quasis and expressions with string concatenation\n}\n',
    };
    const [first] = await ranked(files, 'how are template literals compiled?');
    assert.equal(first, 'packages/transform-template-literals/src/index.js');
    const [forVersion] = await ranked(files, 'which version of the template literals package is published?');
    assert.equal(forVersion, 'packages/transform-template-literals/package.json');
  });
});

describe('copies of one file in other folders', () => {
  it('counts a built copy of a file less, so the next answer is not pushed down by the same text twice', async () => {
    const helper = 'export default function taggedTemplateLiteral(strings, raw) {\n  // freeze the template literal strings\n  return Object.freeze(strings);\n}\n';
    const files = {
      'packages/helpers/src/helpers/taggedTemplateLiteral.ts': helper,
      // A build writes it out again; generated copies often say the same words byte for byte.
      'packages/runtime/helpers/esm/taggedTemplateLiteral.js': helper,
      'packages/transform-template-literals/src/index.ts':
        'export function visitTemplateLiteral(path) {\n  // compile each template literal to string concatenation\n  return concat(path);\n}\n',
      ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`src/f${i}.ts`, `export const x${i} = compute${i}(input);\n`])),
    };
    const order = await ranked(files, 'how is a template literal compiled?');
    const copies = ['packages/helpers/src/helpers/taggedTemplateLiteral.ts', 'packages/runtime/helpers/esm/taggedTemplateLiteral.js'];
    // Whichever copy comes first, the other one comes after the plugin.
    const [first, second] = copies.map((c) => order.indexOf(c)).sort((a, b) => a - b);
    const plugin = order.indexOf('packages/transform-template-literals/src/index.ts');
    assert.ok(first >= 0 && plugin < second, order.join(', '));
  });

  it("takes no two index.ts for copies: each is its folder's module", async () => {
    const mk = (what: string) => `export function validate${what}(node) {\n  // validate the ${what} node type\n  return isNodeType(node, "${what}");\n}\n`;
    const files = {
      'packages/types/src/validators/index.ts': mk('Validator'),
      'packages/types/src/asserts/index.ts': mk('Assert'),
      'packages/types/src/definitions/core.ts': 'export const coreTypes = defineType("Node");\n// each node type and its fields\n',
      ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`src/f${i}.ts`, `export const x${i} = compute${i}(input);\n`])),
    };
    // validators/ first: "validated" names that folder (doer-names.ts); asserts/index.ts scores within 85 % of it.
    assert.deepEqual(await ranked(files, 'how is the node type validated?'), [
      'packages/types/src/validators/index.ts',
      'packages/types/src/asserts/index.ts',
      'packages/types/src/definitions/core.ts',
    ]);
  });

  it('takes no test for a copy of the file it tests (css.spec.ts beside css.ts)', async () => {
    const css = 'export function cssPlugin(config) {\n  // the css plugin: compile CSS modules and inline url() assets\n  return { name: "vite:css", transform: compileCSS };\n}\n';
    const spec = "describe('css plugin', () => {\n  test('compiles CSS modules', () => { expect(cssPlugin(config).name).toBe('vite:css'); });\n});\n";
    const json =
      "describe('json plugin', () => {\n  test('plugin parses json', () => { expect(jsonPlugin(config).name).toBe('vite:json'); });\n" +
      "  test('plugin tests named exports', () => {});\n  test('plugin tests default export', () => {});\n  test('plugin tests the css-free path', () => {});\n});\n";
    const files = {
      'src/node/plugins/css.ts': css,
      'src/node/__tests__/plugins/css.spec.ts': spec,
      'src/node/__tests__/plugins/json.spec.ts': json,
      ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`src/f${i}.ts`, `export const x${i} = compute${i}(input);\n`])),
    };
    // The plugin the tests test is in the answer, not halved as a copy of them; a question asking for the tests puts every
    // test before other code (test-paths.ts, TESTS_SOUGHT), so the tests of another plugin come between.
    assert.deepEqual(await ranked(files, 'where are the tests for the css plugin?'), [
      'src/node/__tests__/plugins/css.spec.ts',
      'src/node/__tests__/plugins/json.spec.ts',
      'src/node/plugins/css.ts',
    ]);
    assert.deepEqual((await ranked(files, 'how does the css plugin compile CSS modules?')).slice(0, 2), [
      'src/node/plugins/css.ts',
      'src/node/__tests__/plugins/css.spec.ts',
    ]);
  });
});

describe('API dumps and stubs beside the code', () => {
  it("ranks a Kotlin library's code above its api/*.api signature dump and a module above its .pyi stub", async () => {
    const dump = Array.from({ length: 6 }, (_, i) => `public final fun followRedirects${i} ()Z // follow redirects`).join('\n');
    const code = 'class RetryAndFollowUpInterceptor {\n  // follow redirects until the limit\n  fun followUp(response: Response) = redirect(response)\n}\n';
    const stub = 'def follow_redirects(self, resp: Response) -> Response: ...\n';
    const py = 'def follow_redirects(self, resp):\n    # follow the redirects until the limit\n    while resp.is_redirect:\n        resp = self.send(resp.next)\n    return resp\n';
    const others = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`src/f${i}.kt`, `val x${i} = compute${i}(input)\n`]));
    // The dump is named for the library, as the question names it.
    const kotlin = await ranked({ 'okhttp/api/okhttp.api': dump, 'okhttp/src/RetryAndFollowUpInterceptor.kt': code, ...others }, 'how does okhttp follow redirects?');
    assert.equal(kotlin[0], 'okhttp/src/RetryAndFollowUpInterceptor.kt', kotlin.join(', '));
    const python = await ranked({ 'requests/sessions.pyi': stub, 'requests/sessions.py': py, ...others }, 'how are redirects followed?');
    assert.equal(python[0], 'requests/sessions.py', python.join(', '));
  });
});

describe('files that answer in more than one place', () => {
  const lines = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `  const ${tag}${i} = compute${i}(input);\n`).join('');
  it('ranks a file whose two chunks both answer above a short note that says the words a little more', async () => {
    const files: Record<string, string> = {
      'src/scheduler.ts':
        `export function retryRequest(input) {\n  // retry with backoff\n${lines('a', 45)}}\n\n` +
        `export function scheduleRetry(input) {\n  // wait the backoff before the next retry\n${lines('b', 45)}}\n`,
      'src/notes.ts': `export function note(input) {\n  // retry with backoff, retry again with backoff\n${lines('c', 6)}}\n`,
    };
    // Files that say neither word, so that the two words are rare, as in a real tree.
    for (let i = 0; i < 8; i++) files[`src/other${i}.ts`] = `export const x${i} = ${i};\n${lines('z', 10)}`;
    assert.deepEqual(await ranked(files, 'how does retry with backoff work?'), ['src/scheduler.ts', 'src/notes.ts']);
  });
});

describe('abbreviations of two words', () => {
  it('looks each word of `regular expression` up by regex too', () => {
    const terms = extractTerms('how are regular expressions matched?');
    assert.deepEqual(terms.filter((t) => t.also).map((t) => [t.text, t.also]), [['regular', ['regex', 'regexp']], ['express', ['regex', 'regexp']]]);
    assert.equal(extractTerms('how is a regular user expressing doubt?').some((t) => t.also), false);
  });

  it('finds the code and the file that name the pair by its abbreviation', async () => {
    const files = {
      'src/refs.c': 'void value_free(value v) {\n  if (--v.refcnt == 0) release(v);\n}\n',
      // Counts values too, but says neither word of the pair as the code above abbreviates it.
      'src/list.c': 'int count_values(list l) {\n  /* count the values of a list */\n  return l.n;\n}\n',
      'src/mmap.rs': 'pub fn open(file: &File) -> Option<Mmap> {\n  unsafe { Mmap::map(file).ok() }\n}\n',
      'src/buffer.rs': 'pub fn fill(memory: &mut [u8]) {\n  // a buffer held in memory, grown as maps need\n}\n',
    };
    assert.equal((await ranked(files, 'how are values reference counted?'))[0], 'src/refs.c');
    assert.equal((await ranked(files, 'when are memory maps used?'))[0], 'src/mmap.rs');
  });

  it('finds a hash table where C names it a dict', async () => {
    const files = {
      // redis's dict.c: the hash table, never called one in its names.
      'src/dict.c': 'static int dictRehash(dict *d, int n) {\n  /* move n buckets from ht[0] to ht[1], a step at a time */\n  return moveBuckets(d, n);\n}\n',
      // Says the words, for another table.
      'src/routes.c': 'void route_add(table *t, const char *path) {\n  /* the routing table: a path and its hash */\n  insert(t, path, hash(path));\n}\n',
    };
    assert.equal((await ranked(files, 'how does the hash table rehash incrementally?'))[0], 'src/dict.c');
  });
});
