import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { WorkspaceIndex } from '../../../src/engine/retrieval/index';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { demotedFor, isTestPath, pathFactor } from '../../../src/engine/retrieval/path-demotion';
import { readPasted } from '../../../src/engine/retrieval/pasted';
import { indexCorpus } from '../../support/corpus-index';

// Rules found on the fourth round of held-out trees (bench/retrieval-sets-held-out-4.ts: redis, laravel, caddy).
const tree = (files: Record<string, string>): Promise<WorkspaceIndex> => indexCorpus(files, 'grounded-held-out-4-');

async function ranked(index: WorkspaceIndex, question: string): Promise<string[]> {
  return [...new Set((await index.search(extractTerms(question), 10)).map((r) => r.path))];
}

describe('sample configuration files', () => {
  // As redis.conf does: each directive explained in prose, in the words a question about the code uses.
  const conf = Array.from(
    { length: 3 },
    (_, i) => `# When maxmemory is reached, Redis will evict keys according to the policy.\n# evict keys: the eviction policy ${i}\n`,
  ).join('\n');
  const code =
    'int performEvictions(void) {\n    /* free memory until we are under maxmemory */\n' +
    '    while (mem_freed < mem_tofree) evictKey(db, bestkey);\n    return EVICT_OK;\n}\n';

  it('ranks the code above a commented sample config for a question about what the code does', async () => {
    const root = await tree({ 'redis.conf': conf, 'src/evict.c': code });
    assert.deepEqual(await ranked(root, 'how are keys evicted when maxmemory is reached?'), ['src/evict.c', 'redis.conf']);
  });

  it('keeps the sample level for a question about configuration, asking how to, or naming its format', () => {
    const factor = (q: string, rel = 'redis.conf') => pathFactor(rel, demotedFor(extractTerms(q)));
    assert.equal(factor('how does redis evict keys?'), 0.5);
    assert.equal(factor('how does redis evict keys?', 'etc/php.ini.example'), 0.5);
    assert.equal(factor('how do I make redis evict keys?'), 1);
    assert.equal(factor('which config setting makes redis evict keys?'), 1);
    assert.equal(factor('how is an INI inventory file parsed?', 'inventory/hosts.ini'), 1);
    assert.equal(factor('how does redis evict keys?', 'src/config.c'), 1);
  });
});

describe('tests named as one word, test cases of their own kind, fuzzing harnesses', () => {
  it('knows them by their paths, and not a superlative', () => {
    for (const rel of [
      'caddytest/caddytest.go',
      'tests/thirdparty/unittests/x.cpp',
      'caddytest/integration/caddyfile_adapt/reverse_proxy_retry.caddyfiletest',
      'tests/lang/bug123.phpt',
      'caddyconfig/caddyfile/lexer_fuzz.go',
      'tokio-stream/fuzz/fuzz_targets/fuzz_stream_map.rs',
    ]) {
      assert.ok(isTestPath(rel), rel);
    }
    for (const rel of ['docs/latest/index.md', 'src/contest/rules.py', 'caddyconfig/caddyfile/lexer.go', 'src/attest.c', 'src/fuzzy.rs']) {
      assert.ok(!isTestPath(rel), rel);
    }
  });

  it('ranks the code above a test case or harness saying the same, unless the question asks for them', async () => {
    // The same words in each: only the kind of file tells them apart (a tie would go to the first path).
    const text = 'func tryAgain(retries int) bool {\n\t// the reverse proxy retries the request until the try duration is over\n}\n';
    const root = await tree({
      'caddytest/adapt/handler.caddyfiletest': text,
      'handler/handler_fuzz.go': text,
      'handler/handler.go': text,
    });
    assert.equal((await ranked(root, 'how does the reverse proxy retry a request?'))[0], 'handler/handler.go');
    assert.equal((await ranked(root, 'where are the fuzz tests for retries?'))[0], 'handler/handler_fuzz.go');
  });
});

describe('errors wrapped in a chain', () => {
  const pasted = 'Error: adapting config using caddyfile: ambiguous site definition: example.com';

  it('reads the innermost link of three words or more as a message of its own, after the whole line', () => {
    assert.deepEqual(readPasted(pasted).messages, [
      ['adapting', 'config', 'using', 'caddyfile', 'ambiguous', 'site', 'definition', 'example', 'com'],
      ['ambiguous', 'site', 'definition'],
    ]);
    // One link is no chain: `ValueError: x is not valid` is one message, as before.
    assert.equal(readPasted('Error: the value is not a valid integer').messages.length, 1);
  });

  it('finds the file raising the innermost error, though no file writes the whole line', async () => {
    const root = await tree({
      'caddyconfig/httpcaddyfile/httptype.go':
        'func (st ServerType) Setup(blocks []ServerBlock) error {\n\tfor _, key := range keys {\n' +
        '\t\tif seen[key] {\n\t\t\treturn fmt.Errorf("ambiguous site definition: %s", key)\n\t\t}\n\t}\n\treturn nil\n}\n',
      'cmd/main.go': 'func adapt(name string, body []byte) error {\n\treturn fmt.Errorf("adapting config using %s: %w", name, err)\n}\n',
      'caddyconfig/httpcaddyfile/addresses.go':
        '// parseAddress reads the address of a site block, such as example.com: the site is its host.\n' +
        'func parseAddress(site string) (Address, error) {\n\treturn Address{Host: site}, nil\n}\n',
    });
    const files = await ranked(root, pasted);
    assert.ok(files.indexOf('caddyconfig/httpcaddyfile/httptype.go') < files.indexOf('caddyconfig/httpcaddyfile/addresses.go'), files.join());
  });

  it('reads the link only where no place writes the whole line', async () => {
    const root = await tree({
      'errors.go': 'func adapt(name string) error {\n\treturn fmt.Errorf("adapting config using %s: ambiguous site definition: %s", name, key)\n}\n',
      'other.go': 'func check() {\n\tlog.Printf("ambiguous site definition")\n}\n',
    });
    const chunks = await root.search(extractTerms(pasted), 10);
    assert.equal(chunks[0].path, 'errors.go');
    assert.ok(!chunks.some((c) => c.matched.includes('message:ambiguous site definition')), JSON.stringify(chunks));
  });
});

describe("a framework's test doubles", () => {
  const text = 'public function dispatch($event, $payload = [])\n{\n    // dispatch the event to each of its listeners\n}\n';

  it('ranks the code above a fake saying the same, unless the question asks for the fake', async () => {
    const root = await tree({ 'src/Support/Testing/Fakes/EventFake.php': text, 'src/Events/Dispatcher.php': text });
    assert.equal((await ranked(root, 'how are events dispatched to their listeners?'))[0], 'src/Events/Dispatcher.php');
    assert.equal((await ranked(root, 'how does the fake dispatch events to listeners?'))[0], 'src/Support/Testing/Fakes/EventFake.php');
    assert.ok(isTestPath('test/units/mock/loader.py') && isTestPath('pkg/client/fake/clientset.go') && !isTestPath('src/fakeroot.c'));
  });
});
