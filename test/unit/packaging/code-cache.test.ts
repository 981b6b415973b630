import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';

const LAUNCHER = path.join(__dirname, '..', '..', '..', 'bin', 'code-cache.js');
const roots: string[] = [];
after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

/** A bundle-like CommonJS file that uses what a bundle uses: require of a neighbour, __dirname, module.exports, argv. */
function bundle(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'grounded-codecache-'));
  roots.push(dir);
  writeFileSync(path.join(dir, 'helper.js'), 'module.exports = (x) => x * 2;\n');
  writeFileSync(
    path.join(dir, 'app.js'),
    "const double = require('./helper');\nmodule.exports = { answer: double(21), dir: __dirname, same: module === require.cache[__filename] };\n" +
      "process.stdout.write(JSON.stringify(module.exports));\n",
  );
  return path.join(dir, 'app.js');
}

const run = (file: string, tag?: string) => {
  const script = `require(${JSON.stringify(LAUNCHER)}).requireWithCodeCache(${JSON.stringify(file)}, module, ${JSON.stringify(tag)})`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
};

const caches = (file: string) => {
  const dir = path.join(path.dirname(file), '.v8-cache');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('the CLI launcher\'s code cache', () => {
  it('runs the bundle as require would, and keeps one cache beside it', () => {
    const file = bundle();
    assert.deepEqual(run(file), { answer: 42, dir: path.dirname(file), same: true });
    assert.equal(caches(file).length, 1);
    assert.match(caches(file)[0], /^app\.js-\d+-\d+-v\d+\.\d+\.\d+-\w+\.bin$/);
    assert.deepEqual(run(file), { answer: 42, dir: path.dirname(file), same: true }, 'the second run reads the cache');
  });

  it('never pairs a rebuilt bundle with the old cache: V8 checks only the length', () => {
    const file = bundle();
    run(file);
    const before = caches(file);
    // Same length, different code: only the name (size and mtime) tells the caches apart.
    const length = readFileSync(file, 'utf8').length;
    const rebuilt = "module.exports = { answer: 43, dir: __dirname, same: module === require.cache[__filename] };\nprocess.stdout.write(JSON.stringify(module.exports));\n";
    writeFileSync(file, rebuilt.padEnd(length, ' '));
    assert.equal(readFileSync(file, 'utf8').length, length);
    utimesSync(file, new Date(Date.now() + 5000), new Date(Date.now() + 5000));
    assert.equal(run(file).answer, 43);
    assert.equal(caches(file).length, 1, 'the old cache is removed');
    assert.notDeepEqual(caches(file), before);
  });

  it('keeps one cache per command of the same build, replaces them all when the bundle changes, and keeps at most twelve', () => {
    const file = bundle();
    run(file, 'files');
    run(file, 'query');
    run(file, 'files');
    assert.deepEqual(caches(file).map((n) => n.replace(/^.*\.(\w+)\.bin$/, '$1')).sort(), ['files', 'query']);
    utimesSync(file, new Date(Date.now() + 5000), new Date(Date.now() + 5000));
    run(file, 'files');
    assert.deepEqual(caches(file).map((n) => n.replace(/^.*\.(\w+)\.bin$/, '$1')), ['files'], 'the old build\'s caches are gone');
    for (let i = 0; i < 14; i++) run(file, `typo-${String.fromCharCode(97 + i)}`);
    assert.equal(caches(file).length, 12);
    assert.equal(run(file, 'Not A Tag!').answer, 42, 'a word that is no tag shares the untagged cache');
  });

  it('loads uncached where the folder cannot be written', { skip: process.getuid?.() === 0 ? 'root writes anywhere' : false }, () => {
    const file = bundle();
    chmodSync(path.dirname(file), 0o555);
    try {
      assert.equal(run(file).answer, 42);
      assert.deepEqual(caches(file), []);
    } finally {
      chmodSync(path.dirname(file), 0o755);
    }
  });

  it('reads a damaged cache as no cache', () => {
    const file = bundle();
    run(file);
    const cache = path.join(path.dirname(file), '.v8-cache', caches(file)[0]);
    writeFileSync(cache, 'not a code cache');
    assert.equal(run(file).answer, 42);
    mkdirSync(path.dirname(cache), { recursive: true });
    assert.equal(caches(file).length, 1, 'and writes a good one again');
  });
});
