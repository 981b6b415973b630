'use strict';
// Loads the CLI bundle with V8's code cache kept beside it, so a run does not parse and compile
// the 3 MB bundle again (about 30 ms of every command on a 2-core machine; Node 20 has no
// module.enableCompileCache). The cache is named after the bundle's size and mtime and the Node
// version: V8 itself checks only the source's length, so a rebuilt bundle must never meet an old
// cache. Where the folder is not writable (a read-only install) the bundle simply loads uncached.
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

function cachePath(file) {
  const stat = fs.statSync(file);
  const name = `${path.basename(file)}-${stat.size}-${Math.trunc(stat.mtimeMs)}-${process.version}-${process.arch}.bin`;
  return path.join(path.dirname(file), '.v8-cache', name);
}

function save(script, file, cacheFile) {
  try {
    const dir = path.dirname(cacheFile);
    fs.mkdirSync(dir, { recursive: true });
    const prefix = `${path.basename(file)}-`;
    for (const old of fs.readdirSync(dir)) if (old.startsWith(prefix)) fs.rmSync(path.join(dir, old), { force: true });
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, script.createCachedData());
    fs.renameSync(tmp, cacheFile);
  } catch {
    // No cache this time: the next run compiles again.
  }
}

/** Runs the CommonJS file `file` as `require` would, with a code cache; returns its exports. */
function requireWithCodeCache(file, parent) {
  const cacheFile = cachePath(file);
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
