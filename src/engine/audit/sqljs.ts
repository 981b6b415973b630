import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import initSqlJs, { type SqlJsStatic } from 'sql.js';

let loading: Promise<SqlJsStatic> | undefined;

/** Where sql-wasm.wasm is: next to the bundle (dist/) or in node_modules/sql.js/dist. */
export function locateSqlWasm(): string {
  const candidates = [path.join(__dirname, 'sql-wasm.wasm')];
  try {
    candidates.push(path.join(path.dirname(createRequire(__filename).resolve('sql.js')), 'sql-wasm.wasm'));
  } catch {
    // Bundled without node_modules: only the copy next to the bundle can exist.
  }
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`sql-wasm.wasm not found (looked in ${candidates.join(', ')}); rebuild with \`node esbuild.mjs\` or reinstall sql.js`);
  return found;
}

/** The sql.js module, loaded once per process from the local WASM file (never from the network). */
export function loadSqlJs(): Promise<SqlJsStatic> {
  loading ??= (async () => {
    const wasm = locateSqlWasm();
    return initSqlJs({ locateFile: () => wasm });
  })();
  return loading;
}
