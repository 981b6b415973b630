import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { demotedFor, isTestPath } from '../../../src/engine/retrieval/path-demotion';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { indexCorpus } from '../../support/corpus-index';

// Rules found on the second held-out trees (okhttp, Newtonsoft.Json, fastapi): how other
// ecosystems lay out tests and translated docs, and questions asking how to do something.
async function ranked(files: Record<string, string>, question: string): Promise<string[]> {
  const index = await indexCorpus(files, 'grounded-conventions-');
  return [...new Set((await index.search(extractTerms(question), 10)).map((r) => r.path))];
}

// Files saying none of the question's words, as a tree has: among two or three files every word is common.
const others = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`src/f${i}.kt`, `val x${i} = compute${i}(input)\n`]));

describe('tests as JVM, .NET and Swift projects name them', () => {
  it('recognises Kotlin source sets, test projects and test classes by name', () => {
    for (const p of [
      'okhttp/src/jvmTest/kotlin/okhttp3/CallTest.kt',
      'okhttp/src/commonTest/kotlin/okhttp3/internal/Util.kt',
      'Src/Newtonsoft.Json.Tests/TestObjects/Person.cs',
      'Tests/AlamofireTests/SessionTests.swift',
      'container-tests/src/main/kotlin/Main.kt',
      'src/Handler/MockHandlerTest.php',
      'src/test/kotlin/ParserSpec.kt',
    ]) {
      assert.ok(isTestPath(p), p);
    }
    for (const p of ['src/main/kotlin/okhttp3/Latest.kt', 'src/Contest.java', 'Src/Newtonsoft.Json/JsonTextReader.cs', 'lib/TestRunner.kt', 'src/attest/x.ts'])
      assert.ok(!isTestPath(p), p);
  });

  it('ranks a connection pool above its jvmTest test, which says the words more often', async () => {
    const pool = 'class RealConnectionPool {\n  // closes connections idle for longer than the keep-alive duration\n  fun cleanup(now: Long): Long = evictIdle(now)\n}\n';
    const test = Array.from({ length: 130 }, (_, i) => `@Test fun idleConnectionEvicted${i}() { pool.cleanup(${i}) } // idle connection ${i} evicted`).join('\n');
    const files = { 'okhttp/src/main/kotlin/RealConnectionPool.kt': pool, 'okhttp/src/jvmTest/kotlin/ConnectionPoolTest.kt': test, ...others };
    assert.deepEqual((await ranked(files, 'how are idle connections evicted?')).slice(0, 2), [
      'okhttp/src/main/kotlin/RealConnectionPool.kt',
      'okhttp/src/jvmTest/kotlin/ConnectionPoolTest.kt',
    ]);
  });
});

describe('translated documentation', () => {
  const page = (title: string) => `# ${title}\n\nEnable CORS with CORSMiddleware:\n\n    app.add_middleware(CORSMiddleware, allow_origins=origins)\n`;
  const docs = {
    'docs/en/docs/tutorial/cors.md': page('CORS (Cross-Origin Resource Sharing)'),
    // Each translation keeps the sample and its identifiers, and says CORS once more in its title.
    'docs/de/docs/tutorial/cors.md': `${page('CORS (Cross-Origin Resource Sharing)')}\nCORS CORSMiddleware\n`,
    'docs/fr/docs/tutorial/cors.md': `${page('CORS (Cross-Origin Resource Sharing)')}\nCORS CORSMiddleware\n`,
    'docs/pt-BR/docs/tutorial/cors.md': `${page('CORS (Cross-Origin Resource Sharing)')}\nCORS CORSMiddleware\n`,
    ...others,
  };

  it('ranks the English page above its translations', async () => {
    assert.equal((await ranked(docs, 'how do I enable CORS with CORSMiddleware?'))[0], 'docs/en/docs/tutorial/cors.md');
  });

  it('keeps a page in another language whose English original is not indexed', async () => {
    const only = { 'docs/de/docs/tutorial/cors.md': docs['docs/de/docs/tutorial/cors.md'], 'docs/en/docs/index.md': '# Welcome\n', ...others };
    assert.equal((await ranked(only, 'how do I enable CORS with CORSMiddleware?'))[0], 'docs/de/docs/tutorial/cors.md');
  });

  it('reads a language suffix (index.fr.md beside index.md) and a locale file (locales/de.json beside en.json)', async () => {
    const files = {
      'docs/install.md': 'Install the package with pip install grounded-thing\n',
      'docs/install.fr.md': 'Install the package: pip install grounded-thing. Install the package, install the package\n',
      'locales/en.json': '{ "install": "Install the package" }\n',
      'locales/de.json': '{ "install": "Install the package, install the package" }\n',
      ...others,
    };
    const order = await ranked(files, 'how do I install the package?');
    assert.ok(order.indexOf('docs/install.md') < order.indexOf('docs/install.fr.md'), order.join(', '));
    assert.ok(order.indexOf('locales/en.json') < order.indexOf('locales/de.json'), order.join(', '));
  });
});

describe("the docs' code samples", () => {
  it('counts a docs_src/ folder as docs: the code it calls ranks first, unless the question is about the docs', async () => {
    const sse = 'def format_sse_event(event: ServerSentEvent) -> str:\n    # one server-sent event: its fields, then a blank line\n    return serialize(event)\n';
    const sample = Array.from({ length: 6 }, (_, i) => `async def stream${i}():\n    yield ServerSentEvent(data="event ${i}")  # send a server-sent event`).join('\n');
    const files = { 'fastapi/sse.py': sse, 'docs_src/server_sent_events/tutorial001.py': sample, ...others };
    assert.equal((await ranked(files, 'how are server-sent events formatted?'))[0], 'fastapi/sse.py');
    assert.equal((await ranked(files, 'where do the docs show server-sent events?'))[0], 'docs_src/server_sent_events/tutorial001.py');
  });
});

describe('questions asking how to do something', () => {
  it('marks "how do I", "how can we", "how to" and "what is the best way to" as asking for instructions', () => {
    const intent = (q: string) => extractTerms(q).some((t) => t.kind === 'intent');
    for (const q of ['how do I enable CORS?', 'How can we serve static files?', 'how to mock responses', "what's the best way to add a header?", 'so how do I test it?'])
      assert.ok(intent(q), q);
    for (const q of ['how does CORS work?', 'how is the header added?', 'where do I find the router?', 'show how to']) assert.ok(!intent(q), q);
  });

  const files = {
    'src/middleware/cors.py': 'class CORSMiddleware:\n    # adds the CORS headers to each response\n    def __call__(self, scope):\n        return allow_origins(scope)\n',
    'docs/tutorial/cors.md': '# CORS\n\nTo enable CORS, add the middleware:\n\n    app.add_middleware(CORSMiddleware, allow_origins=["*"])\n',
    'tests/test_cors.py': Array.from({ length: 8 }, (_, i) => `def test_cors_${i}():\n    client = TestClient(app)  # test CORS headers`).join('\n'),
    'docs/tutorial/testing.md': '# Testing\n\nTo test your app, use TestClient:\n\n    client = TestClient(app)\n',
    'CHANGELOG.md': '## 1.2\n- CORS: enable CORS headers with CORSMiddleware; CORS enable fix\n',
    ...others,
  };

  it('puts the docs page first for "how do I", the code for "how does"', async () => {
    assert.equal((await ranked(files, 'how do I enable CORS?'))[0], 'docs/tutorial/cors.md');
    assert.equal((await ranked(files, 'how are CORS headers added?'))[0], 'src/middleware/cors.py');
  });

  it("keeps the project's own tests and its changelog below, though the question says test", async () => {
    const order = await ranked(files, 'how do I test my app with TestClient?');
    assert.equal(order[0], 'docs/tutorial/testing.md', order.join(', '));
    const changelog = await ranked(files, 'how do I enable CORS headers?');
    assert.ok(changelog.indexOf('src/middleware/cors.py') < changelog.indexOf('CHANGELOG.md'), changelog.join(', '));
  });

  it("does not carry an earlier turn's how-to into a follow-up (its terms count half)", () => {
    assert.equal(demotedFor(extractTerms('how do I enable CORS?')).docs, false);
    assert.equal(demotedFor([...extractTerms('how do I enable CORS?', 0.5), ...extractTerms('where are the headers added?')]).docs, true);
  });
});
