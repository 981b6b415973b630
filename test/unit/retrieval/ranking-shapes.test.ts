import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { demotedFor, pathFactor } from '../../../src/engine/retrieval/path-demotion';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { indexCorpus } from '../../support/corpus-index';

// Rules found on the third held-out trees (nlohmann/json, Alamofire, zod): sources built into one
// committed file, API reference pages named for a function, and questions asking for advice; and one
// for a weak spot of guzzle and Newtonsoft.Json: the class describing the options.
async function ranked(files: Record<string, string>, question: string): Promise<string[]> {
  const index = await indexCorpus(files, 'grounded-shapes-');
  return [...new Set((await index.search(extractTerms(question), 10)).map((r) => r.path))];
}

// Files saying none of the question's words, as a tree has: among two or three files every word is common.
const others = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`src/f${i}.hpp`, `int x${i} = compute${i}(input);\n`]));

describe('sources built into one committed file', () => {
  // Headers of about a chunk each (60 lines), so the amalgamation is cut into chunks as the headers are.
  const filler = (name: string) => Array.from({ length: 45 }, (_, i) => `    int ${name}_${i} = step(${i});`).join('\n');
  const lexer = `void skip_comment() {\n    // comments are skipped until the end of the line\n${filler('lex')}\n    while (current != 10) get();\n}\n`;
  const parser = `void parse_value() {\n    // a comment between values is skipped by the lexer\n${filler('parse')}\n    lexer.skip_comment();\n}\n`;
  // The amalgamation holds both headers, so each of its chunks gains from the other: it outranked the header it was made of.
  const files = {
    'include/lib/detail/lexer.hpp': lexer,
    'include/lib/detail/parser.hpp': parser,
    'single_include/lib/lib.hpp': `${lexer}\n${parser}`,
    'dist/lib.js': `${lexer}\n${parser}`,
    ...others,
  };

  it('ranks the header the code lives in above single_include/ and dist/ copies of it', async () => {
    const order = await ranked(files, 'how are comments skipped by the lexer?');
    assert.equal(order[0], 'include/lib/detail/lexer.hpp', order.join(', '));
    assert.ok(order.indexOf('single_include/lib/lib.hpp') > order.indexOf('include/lib/detail/parser.hpp'), order.join(', '));
  });

  it('keeps the built file level when the question names the single header', async () => {
    const order = await ranked(files, 'how are comments skipped in the single header build?');
    assert.ok(order.indexOf('single_include/lib/lib.hpp') < order.indexOf('include/lib/detail/lexer.hpp'), order.join(', '));
  });

  it('reads "built" as made, not as a question about the build', () => {
    assert.equal(demotedFor(extractTerms('how is the message of a parse_error built?')).built, true);
    assert.equal(demotedFor(extractTerms('how is the dist bundle made?')).built, false);
  });
});

describe('an API reference page named for a function', () => {
  const code = [
    'class basic_json {',
    '  // merges the patch into this object: null removes a key, objects merge recursively',
    '  void merge_patch(const basic_json& apply_patch) {',
    '    for (auto it = apply_patch.begin(); it != apply_patch.end(); ++it) merge_one(it.key(), it.value());',
    '  }',
    '  void dump_value(int indent) { write(indent); }',
    '};',
  ].join('\n');
  const page = '# merge_patch\n\nApplies a JSON Merge Patch to the value.\n\n## Example\n\n    j.merge_patch(p);\n';
  const files = { 'include/lib/json.hpp': code, 'docs/api/basic_json/merge_patch.md': page, ...others };

  it('ranks the code defining the function above the page named for it', async () => {
    const order = await ranked(files, 'how does merge_patch merge two objects?');
    assert.equal(order[0], 'include/lib/json.hpp', order.join(', '));
  });

  it('puts the page first when the question asks for the docs', async () => {
    assert.equal((await ranked(files, 'where do the docs describe merge_patch?'))[0], 'docs/api/basic_json/merge_patch.md');
  });
});

describe('a class holding the options', () => {
  const options = [
    'final class RequestOptions {',
    '    /** timeout: (float) the timeout of the request in seconds; a request taking longer is cancelled. */',
    "    public const TIMEOUT = 'timeout';",
    '    /** read_timeout: (float) the timeout of a request while reading its body. */',
    "    public const READ_TIMEOUT = 'read_timeout';",
    '}',
  ].join('\n');
  const handler = [
    'final class StreamHandler {',
    '    // the timeout of the request, applied to the stream context',
    '    private function add_timeout(RequestInterface $request, $value, array &$params): void {',
    '        // a timeout of 0 waits for ever: no timeout is applied',
    '        if ($value > 0) $params[\'http\'][\'timeout\'] = $value;',
    '    }',
    '}',
  ].join('\n');
  const files = { 'src/RequestOptions.php': options, 'src/Handler/StreamHandler.php': handler, ...others };

  it('ranks the code applying an option above the class describing it', async () => {
    const order = await ranked(files, 'how is the request timeout applied?');
    assert.equal(order[0], 'src/Handler/StreamHandler.php', order.join(', '));
  });

  it('keeps the options class level when the question asks about options', async () => {
    assert.equal((await ranked(files, 'which request options set a timeout?'))[0], 'src/RequestOptions.php');
  });
});

describe("a multiplatform library's public API dumps", () => {
  it('counts api/jvm/ and api/android/ dumps as declarations, as api/*.api', () => {
    const demoted = demotedFor(extractTerms('how are redirects followed?'));
    for (const p of ['okhttp/api/okhttp.api', 'okhttp/api/jvm/okhttp.api', 'okhttp/api/android/okhttp.api']) assert.ok(pathFactor(p, demoted) < 1, p);
    assert.equal(pathFactor('okhttp/src/main/kotlin/api/Redirects.kt', demoted), 1);
    assert.equal(pathFactor('okhttp/api/jvm/okhttp.api', demotedFor(extractTerms('which declarations does the public API have?'))), 1);
  });
});

describe('questions asking for advice', () => {
  const intent = (q: string) => extractTerms(q).some((t) => t.kind === 'intent');

  it('marks "when should I", "which … should I" and "should I use" as asking for instructions', () => {
    const advice = ['when should I use Zod Mini instead of Zod?', 'which adapter should I use?', 'should I use the async API?', 'why would you pick it?'];
    for (const q of advice) assert.ok(intent(q), q);
    const asking = ['when is the session saved?', 'which adapter is used?', 'why does parsing fail?', 'what should the parser return?'];
    for (const q of asking) assert.ok(!intent(q), q);
  });

  it('lets the page about choosing come before the code it names', async () => {
    const files = {
      'packages/lib/src/mini/schemas.ts': Array.from({ length: 6 }, (_, i) => `export function mini${i}() { return zodMini(${i}); } // zod mini`).join('\n'),
      'packages/docs/content/packages/mini.mdx': '# Zod Mini\n\nUse Zod Mini instead of Zod when bundle size matters: zod mini is tree-shakable.\n',
      ...others,
    };
    assert.equal((await ranked(files, 'when should I use Zod Mini instead of Zod?'))[0], 'packages/docs/content/packages/mini.mdx');
  });
});
