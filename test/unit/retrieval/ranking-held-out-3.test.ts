import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { WorkspaceIndex } from '../../../src/engine/retrieval/index';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { doerRoot } from '../../../src/engine/retrieval/doer-names';
import { pathNames } from '../../../src/engine/retrieval/path-tokens';
import { withoutLinkedCopies } from '../../../src/engine/retrieval/linked-copies';
import { messageOf } from '../../../src/engine/retrieval/pasted';

// Rules found on the third round of held-out trees (bench/retrieval-sets-held-out-3.ts: ansible, tokio, phoenix).
const roots: string[] = [];
after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'grounded-held-out-3-'));
  roots.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

async function ranked(root: string, question: string): Promise<string[]> {
  const index = new WorkspaceIndex({ root });
  await index.refresh();
  return [...new Set((await index.search(extractTerms(question), 10)).map((r) => r.path))];
}

const GALAXY =
  'def resolve_dependencies(requirements):\n    """Resolve the collection dependencies of the requirements."""\n' +
  '    return resolver.resolve(requirements)\n';

describe('symbolic links to files in the workspace', () => {
  it('indexes a linked file once, under its real path', async () => {
    const root = tree({ 'lib/cli/galaxy.py': GALAXY, 'lib/other.py': 'def unrelated():\n    pass\n' });
    mkdirSync(path.join(root, 'bin'));
    symlinkSync(path.join('..', 'lib', 'cli', 'galaxy.py'), path.join(root, 'bin', 'galaxy'));
    assert.deepEqual(await ranked(root, 'how are collection dependencies resolved?'), ['lib/cli/galaxy.py']);
  });

  it('keeps a link whose target is not listed, and files that are not links', () => {
    const root = tree({ 'a.py': 'x', 'ignored/b.py': 'y' });
    symlinkSync(path.join(root, 'a.py'), path.join(root, 'a-link.py'));
    symlinkSync(path.join(root, 'ignored', 'b.py'), path.join(root, 'b-link.py'));
    const file = (rel: string, link?: true) => ({ path: rel, absPath: path.join(root, rel), size: 1, mtimeMs: 0, ...(link ? { link } : {}) });
    const listed = [file('a.py'), file('a-link.py', true), file('b-link.py', true)];
    assert.deepEqual(withoutLinkedCopies(root, listed).map((f) => f.path), ['a.py', 'b-link.py']);
  });
});

describe('bundles an Elixir project keeps in priv/static', () => {
  const source =
    'export default class Serializer {\n  // encode a binary push: kind, join ref, topic, event, payload\n' +
    '  encode(msg) { return binaryEncode(msg) }\n}\n';
  // The bundle holds the source again, inside the bundler's wrapper, with more of the same words.
  const bundle = `var Phoenix = (() => {\n${source}\n  // encode binary push\n  function binaryEncode(msg) { return encode(msg) }\n})();\n`;

  it('ranks the source above its bundle, unless the question names the bundle', async () => {
    const root = tree({ 'assets/js/phoenix/serializer.js': source, 'priv/static/phoenix.js': bundle });
    assert.equal((await ranked(root, 'how does the client encode binary pushes?'))[0], 'assets/js/phoenix/serializer.js');
    assert.equal((await ranked(root, 'how does the bundled client encode binary pushes?'))[0], 'priv/static/phoenix.js');
  });
});

describe('letters joined by a slash', () => {
  it('reads I/O as the word io, and leaves real paths alone', () => {
    const terms = (q: string) => extractTerms(q).map((t) => `${t.kind}:${t.text}`);
    assert.ok(terms('how does the I/O driver work?').includes('word:io'));
    assert.ok(!terms('how does the I/O driver work?').some((t) => t.startsWith('path:')));
    assert.ok(terms('where is src/a/b.ts read?').includes('path:src/a/b.ts'));
  });
});

describe('pasted messages', () => {
  it('drops a severity shouted before the message (ansible: ERROR!)', () => {
    assert.equal(messageOf("ERROR! the role 'web' was not found in /etc/roles").message, "the role 'web' was not found in /etc/roles");
    assert.ok(extractTerms("ERROR! the role 'web' was not found in /etc/roles").some((t) => t.kind === 'message' && t.text === 'the role was not found in'));
  });

  it('finds a message of common words in a tree where each word is in many chunks', async () => {
    const files: Record<string, string> = {
      'lib/loader/definition.py': "def load(name):\n    raise AnsibleError(\"the role '%s' was not found in %s\" % (name, paths))\n",
    };
    // 2,400 chunks, each naming a role found (half of them on the web) and one more word of the message apart: the
    // message's rarest two words are in more chunks than are read, and no chunk but the one raising it holds them all.
    const other = ['was', 'not', 'in'];
    for (let i = 0; i < 2400; i++) {
      files[`lib/m${i}.py`] = `def f_${i}(x):\n    # ${other[i % 3]}\n    # the ${i % 2 ? 'web' : 'app'} role found: role found\n    return x\n`;
    }
    const root = tree(files);
    assert.equal((await ranked(root, "ERROR! the role 'web' was not found in /etc/roles"))[0], 'lib/loader/definition.py');
  });
});

describe('files named for what does a thing', () => {
  it('names the verb of a doer: digester digest, wrapper wrap, compressor compress; not short or other words', () => {
    const words = ['digester', 'wrapper', 'compressor', 'handler', 'user', 'error', 'pass'];
    assert.deepEqual(words.map(doerRoot), ['digest', 'wrap', 'compress', 'handl', undefined, undefined, undefined]);
  });

  it('names the verb by a doer in the file name or the two folders above it, not further up', () => {
    assert.ok(pathNames('lib/phoenix/digester.ex')('digest'));
    assert.ok(pathNames('packages/babel-generator/src/source-map.ts')('generat'));
    assert.ok(!pathNames('packages/babel-parser/test/fixtures/jsx/basic/input.js')('pars'));
  });

  it('ranks the file named for the doer first for a question with the verb', async () => {
    const root = tree({
      'lib/phoenix/digester.ex':
        'def compile(input_path) do\n  # fingerprint each static asset with the digest of its content\n  Enum.map(files, &fingerprint/1)\nend\n',
      'lib/phoenix/endpoint.ex': '# Static assets are served from priv/static, digested before a release.\ndef serve(asset), do: send_file(asset)\n',
    });
    assert.equal((await ranked(root, 'how are static assets digested?'))[0], 'lib/phoenix/digester.ex');
  });
});

describe("Elixir's Markdown pages", () => {
  it('ranks a cheatsheet below the code it describes, as other docs', async () => {
    const page = Array.from({ length: 6 }, () => '## resources\nresources "/users", UserController generates index, show, new, edit routes').join('\n');
    const root = tree({
      'lib/phoenix/router/resource.ex':
        'def build(path, controller, options) do\n  # which actions: index, show, new, edit\n  Enum.map(actions, &route/1)\nend\n',
      'guides/cheatsheets/router.cheatmd': page,
    });
    assert.equal((await ranked(root, 'which routes does resources generate?'))[0], 'lib/phoenix/router/resource.ex');
  });
});
