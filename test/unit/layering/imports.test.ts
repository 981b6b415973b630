import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const SRC = path.resolve(__dirname, '../../../src');

/** Every .ts file under `dir`, as paths relative to src/ with forward slashes. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return name.endsWith('.ts') ? [path.relative(SRC, p).split(path.sep).join('/')] : [];
  });
}

/** The import specifiers of a file (static, dynamic and `export … from`), type-only ones included. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(SRC, file), 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|(?:^|\n)import\s+'([^']+)'/g)].map(
    (m) => m[1] ?? m[2] ?? m[3],
  );
}

/** An import as a src/-relative file, or the bare module name for packages. */
function target(from: string, spec: string): string {
  if (!spec.startsWith('.')) return spec;
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
}

const layerOf = (f: string) => f.split('/')[0];
/** The engine folder of an engine file (`engine/ask/x.ts` → `ask`); files at engine/ itself are `.`. */
const engineFolder = (f: string) => (f.split('/').length > 2 ? f.split('/')[1] : '.');

const files = sources(SRC);
const edges = files.flatMap((from) => importsOf(from).map((spec) => ({ from, to: target(from, spec), spec })));

test('the engine imports neither vscode nor the cli, vscode or server adapters', () => {
  const bad = edges.filter(
    (e) => layerOf(e.from) === 'engine' && (e.spec === 'vscode' || (['vscode', 'cli', 'server'].includes(layerOf(e.to)) && e.spec.startsWith('.'))),
  );
  assert.deepEqual(bad.map((e) => `${e.from} → ${e.spec}`), []);
});

test('the cli, vscode and server adapters never import each other', () => {
  const adapters = ['cli', 'vscode', 'server'];
  const bad = edges.filter(
    (e) => adapters.includes(layerOf(e.from)) && e.spec.startsWith('.') && adapters.includes(layerOf(e.to)) && layerOf(e.to) !== layerOf(e.from),
  );
  assert.deepEqual(bad.map((e) => `${e.from} → ${e.spec}`), []);
  const vscodeOutside = edges.filter((e) => e.spec === 'vscode' && layerOf(e.from) !== 'vscode' && e.from !== 'extension.ts');
  assert.deepEqual(vscodeOutside.map((e) => e.from), []);
});

/** Every cycle a depth-first walk of `graph` meets, as `a → b → a`. */
function cyclesOf(graph: Map<string, Set<string>>): string[] {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (n: string, trail: string[]) => {
    if (state.get(n) === 'done') return;
    if (state.get(n) === 'open') return void cycles.push([...trail.slice(trail.indexOf(n)), n].join(' → '));
    state.set(n, 'open');
    for (const m of graph.get(n) ?? []) visit(m, [...trail, n]);
    state.set(n, 'done');
  };
  for (const n of graph.keys()) visit(n, []);
  return cycles;
}

/** The graph of relative imports inside the engine, each file mapped to a node by `node`. */
function engineGraph(node: (file: string) => string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const e of edges) {
    if (layerOf(e.from) !== 'engine' || layerOf(e.to) !== 'engine' || !e.spec.startsWith('.')) continue;
    const [a, b] = [node(e.from), node(`${e.to}.ts`)];
    if (a !== b) graph.set(a, (graph.get(a) ?? new Set()).add(b));
  }
  return graph;
}

/**
 * What each engine folder may import (besides itself), lowest layer first: a folder only imports
 * folders above it in this list, so the folders cannot form a cycle. A new folder needs a line here.
 */
const ENGINE_IMPORTS: Record<string, string[]> = {
  // Plain text helpers every layer may use (escaping a literal for a regular expression).
  text: [],
  config: [],
  privacy: ['text'],
  telemetry: [],
  net: [],
  workspace: ['config', 'text'],
  metrics: ['workspace'],
  retrieval: ['config', 'text', 'workspace'],
  // The index server's wire protocol: shared by src/server and src/vscode, which may not import each other.
  'index-protocol': ['config', 'retrieval', 'workspace'],
  llm: ['config', 'privacy'],
  audit: ['privacy', 'workspace'],
  context: ['config', 'privacy', 'retrieval', 'telemetry', 'text', 'workspace'],
  // retrieval: its worker-thread starter (a user's regex runs in a worker thread).
  mentions: ['config', 'context', 'net', 'privacy', 'retrieval', 'text', 'workspace'],
  // mentions: file_search runs a pattern the way @grep does (its thread, time limit and messages).
  tools: ['audit', 'llm', 'mentions', 'privacy', 'text', 'workspace'],
  // A folder's index kept live (file watching) and served: the extension's index server and `grounded serve`.
  resident: ['config', 'context', 'index-protocol', 'net', 'retrieval', 'workspace'],
  ask: ['config', 'context', 'llm', 'metrics', 'privacy', 'retrieval', 'telemetry', 'tools', 'workspace'],
  plans: ['audit', 'context', 'llm', 'privacy', 'telemetry', 'text', 'tools', 'workspace'],
  session: ['ask', 'audit', 'config', 'context', 'llm', 'mentions', 'metrics', 'plans', 'privacy', 'retrieval', 'telemetry', 'tools', 'workspace'],
};

test('each engine folder imports only the folders its layer allows', () => {
  const bad: string[] = [];
  for (const [from, targets] of engineGraph(engineFolder)) {
    for (const to of targets) if (!(ENGINE_IMPORTS[from] ?? []).includes(to)) bad.push(`${from} → ${to}`);
  }
  assert.deepEqual(bad, [], 'an engine folder imports one it may not (see ENGINE_IMPORTS)');
});

test('the engine folders form no cycle', () => {
  assert.deepEqual(cyclesOf(engineGraph(engineFolder)), [], 'engine folders import each other in a cycle');
});

test('the engine files form no cycle', () => {
  assert.deepEqual(cyclesOf(engineGraph((f) => f)), []);
});
