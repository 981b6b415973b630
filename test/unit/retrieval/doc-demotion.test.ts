import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildContext } from '../../../src/engine/context/build';

function workspace(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'grounded-docrank-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

const files = {
  'src/retry.ts': 'export function retryWithBackoff(attempts: number) {\n  // exponential backoff between attempts\n  return attempts * 2;\n}\n',
  'CHANGELOG.md':
    '## 1.2.0\n- retryWithBackoff: exponential backoff between attempts, retry retry backoff\n- retryWithBackoff now retries attempts with backoff\n',
  'docs/retry.md': '# Retry\nretryWithBackoff uses exponential backoff between attempts; retry backoff retry backoff.\n',
  'bench/retry-data.csv': 'retryWithBackoff,backoff,attempts,retry\nretryWithBackoff,backoff,attempts,retry\n',
};

test('source ranks above changelogs, docs and benchmark data that repeat its words', async () => {
  const ctx = await buildContext({ root: workspace(files), question: 'how does retryWithBackoff compute the backoff between attempts?' });
  assert.equal(ctx.chunks[0].path, 'src/retry.ts', ctx.chunks.map((c) => c.path).join(', '));
});

test('a question about the changelog or the docs does not push them down', async () => {
  const root = workspace(files);
  const order = (ctx: { chunks: Array<{ path: string }> }) => ctx.chunks.map((c) => c.path);
  const plain = order(await buildContext({ root, question: 'how does retryWithBackoff compute the backoff between attempts?' }));
  const changelog = order(await buildContext({ root, question: 'what does the changelog say about retryWithBackoff backoff?' }));
  assert.ok(changelog.indexOf('CHANGELOG.md') < plain.indexOf('CHANGELOG.md') || changelog.indexOf('CHANGELOG.md') <= 1, changelog.join(', '));
  assert.ok(changelog.indexOf('CHANGELOG.md') < changelog.indexOf('docs/retry.md'), changelog.join(', '));
  const docs = order(await buildContext({ root, question: 'where do the docs describe retry backoff?' }));
  // Left out of the context altogether counts as ranked below.
  const at = (list: string[], p: string) => (list.includes(p) ? list.indexOf(p) : Number.POSITIVE_INFINITY);
  assert.ok(at(docs, 'docs/retry.md') < at(docs, 'CHANGELOG.md'), docs.join(', '));
});

test('the implementation ranks above examples that call it over and over, unless the question asks for an example', async () => {
  const root = workspace({
    'lib/response.js': 'res.redirect = function redirect(url) {\n  // sets the Location header and the status\n  this.location(url);\n};\n',
    'examples/auth/index.js': Array.from({ length: 8 }, (_, i) => `app.get('/p${i}', (req, res) => res.redirect('/login'));`).join('\n'),
  });
  const order = async (question: string) => (await buildContext({ root, question })).chunks.map((c) => c.path);
  assert.equal((await order('how does res.redirect work?'))[0], 'lib/response.js');
  assert.equal((await order('show me an example of res.redirect'))[0], 'examples/auth/index.js');
});

test("a package's README ranks below its code for a question about how something works", async () => {
  const root = workspace({
    'packages/template-literals/README.md': '# template-literals\n\n> Compile template literals to plain concatenation\n\nnpm install template-literals\n',
    'packages/template-literals/src/index.ts':
      'export function compileTemplateLiteral(node: TemplateLiteral) {\n  // each quasi and expression becomes a string concatenation\n' +
      '  return node.quasis.map((q, i) => q.value + String(node.expressions[i] ?? "")).join("");\n}\n' +
      Array.from({ length: 30 }, (_, i) => `const step${i} = ${i};`).join('\n'),
  });
  const ctx = await buildContext({ root, question: 'how are template literals compiled?' });
  assert.equal(ctx.chunks[0].path, 'packages/template-literals/src/index.ts', ctx.chunks.map((c) => c.path).join(', '));
});

test("a question made only of the project's name, and overview words, is answered from the README that names it", async () => {
  const files = {
    'package.json': '{ "name": "@acme/quillpen", "version": "1.0.0" }\n',
    'README.md': '# Quillpen\nQuillpen turns Markdown into slides.\n',
    'src/quillpen.ts': 'export function quillpen(markdown: string) { return markdown.split("---"); }\n// quillpen quillpen quillpen\n',
  };
  const root = workspace(files);
  const first = async (question: string, at = root) => (await buildContext({ root: at, question })).chunks[0]?.path;
  assert.equal(await first('what is quillpen?'), 'README.md');
  assert.equal(await first('how do I install quillpen?'), 'README.md');
  assert.equal(await first('how does quillpen split slides?'), 'src/quillpen.ts', 'a question naming the code is not about the project');
  // A folder named like a common word: the README does not open with it, so the word stays a word.
  const server = path.join(workspace({}), 'server');
  mkdirSync(path.join(server, 'src'), { recursive: true });
  writeFileSync(path.join(server, 'README.md'), '# Acme\nAcme keeps invoices.\n');
  writeFileSync(path.join(server, 'src', 'server.ts'), 'export function startServer() { /* the server starts listening */ }\n');
  assert.equal(await first('how does the server start?', server), 'src/server.ts');
});
