'use strict';
// Loads the CLI bundle with V8's code cache kept beside it, so a run does not parse and compile
// the 3 MB bundle again (about 30 ms of every command on a 2-core machine; Node 20 has no
// module.enableCompileCache). The cache is named after the bundle's size and mtime and the Node
// version: V8 itself checks only the source's length, so a rebuilt bundle must never meet an old
// cache. One cache per command (`tag`): a cache holds the functions its run compiled, and
// `grounded files` reading the 1.8 MB that `grounded query` compiled took 10-15 ms longer than
// reading its own 0.7 MB. Where the folder is not writable (a read-only install) the bundle
// simply loads uncached.
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

/** Caches kept per build (one per command; the CLI has nine). */
const MAX_CACHES = 12;

/** What names this bundle build for this Node: caches of other builds are stale. */
function buildKey(file) {
  const stat = fs.statSync(file);
  return `${path.basename(file)}-${stat.size}-${Math.trunc(stat.mtimeMs)}-${process.version}-${process.arch}`;
}

function cachePath(file, tag) {
  const suffix = tag && /^[a-z][a-z-]{0,30}$/.test(tag) ? `.${tag}` : '';
  return path.join(path.dirname(file), '.v8-cache', `${buildKey(file)}${suffix}.bin`);
}

function save(script, file, cacheFile) {
  try {
    const dir = path.dirname(cacheFile);
    fs.mkdirSync(dir, { recursive: true });
    // Other commands' caches of this build stay; every cache of another build goes.
    const current = `${buildKey(file)}.`;
    const prefix = `${path.basename(file)}-`;
    const names = fs.readdirSync(dir);
    for (const old of names) if (old.startsWith(prefix) && !old.startsWith(current)) fs.rmSync(path.join(dir, old), { force: true });
    // A tag is the first word on the command line: a typo must not leave one more cache each time.
    if (names.filter((n) => n.startsWith(current) && n.endsWith('.bin')).length >= MAX_CACHES) return;
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, script.createCachedData());
    fs.renameSync(tmp, cacheFile);
  } catch {
    // No cache this time: the next run compiles again.
  }
}

/** Runs the CommonJS file `file` as `require` would, with a code cache (one per `tag`); returns its exports. */
function requireWithCodeCache(file, parent, tag) {
  const cacheFile = cachePath(file, tag);
  let cachedData;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), { filename: file, cachedData });
  // Written at exit, when the functions this run needed are compiled and go into the cache too.
  if (!cachedData || script.cachedDataRejected) process.once('exit', () => save(script, file, cacheFile));
  const mod = new Module(file, parent);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(path.dirname(file));
  Module._cache[file] = mod;
  script.runInThisContext().call(mod.exports, mod.exports, Module.createRequire(file), mod, file, path.dirname(file));
  mod.loaded = true;
  return mod.exports;
}

module.exports = { requireWithCodeCache, cachePath };
