// The index server as the extension runs it: the bundled dist/server.js in its own process, spoken
// to over stdio with the protocol the extension uses. Prints its cold and warm start, a search with
// nothing changed (the server's share of a question: discovery is done, ranking only), an unsaved
// editor change found by the next search, and the server's own peak RSS (the figure issue 12 sets
// at ≤ 300 MB). Usage: node --import tsx bench/server-bench.ts [DIR]  (run by npm run bench)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type ProtocolConnection } from 'vscode-languageserver-protocol/node';
import { SearchRequest, StatusRequest } from '../src/engine/index-protocol/protocol';
import { indexFilePath } from '../src/engine/retrieval/index-store';
import { extractTerms } from '../src/engine/retrieval/terms';

const SERVER = path.join(__dirname, '..', 'dist', 'server.js');
const CLI = path.join(__dirname, '..', 'bin', 'grounded.js');
const QUESTIONS = [
  'how are retries with exponential backoff implemented?', 'where is the Retry-After header parsed?', 'parse a semver version range',
  'how does the tokenizer encode text', 'what does gitignore negation do', 'how are http redirects followed', 'levenshtein distance',
  'abort signal cancellation', 'zod schema validation error message', 'base64 encode buffer', 'ipv6 address parsing', 'JSON schema',
];

const fmt = (n: number, d = 1) => n.toFixed(d);
const p50 = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];

/** Peak and current resident memory of a process, in MB, from /proc (Linux); undefined elsewhere. */
function memoryOf(pid: number): { peak: number; now: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { peak: (kb('VmHWM') * 1024) / 1e6, now: (kb('VmRSS') * 1024) / 1e6 };
  } catch {
    return undefined;
  }
}

interface Server {
  child: ChildProcess;
  conn: ProtocolConnection;
  readyMs: number;
}

/** Starts the server on `root` as the language client does and waits until its first run has ended. */
async function start(root: string, answerCli = false): Promise<Server> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  conn.onRequest('window/workDoneProgress/create', () => null);
  conn.onNotification('$/progress', () => undefined);
  conn.listen();
  await conn.sendRequest('initialize', {
    processId: process.pid, rootUri: null, capabilities: { window: { workDoneProgress: true } },
    workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'bench' }], initializationOptions: { settings: {}, answerCli },
  });
  await conn.sendNotification('initialized', {});
  for (;;) {
    const [status] = await conn.sendRequest(StatusRequest, {});
    if (status && status.files > 0 && !status.indexing) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return { child, conn, readyMs: performance.now() - t0 };
}

async function stop(s: Server): Promise<void> {
  await s.conn.sendRequest('shutdown').catch(() => undefined);
  s.child.kill();
  s.conn.dispose();
}

async function main(): Promise<void> {
  const root = path.resolve(process.argv[2] ?? path.join(__dirname, '..', 'node_modules'));
  if (!existsSync(SERVER)) {
    console.log('dist/server.js missing (npm run build): server figures skipped');
    return;
  }
  rmSync(indexFilePath(root), { force: true });
  const cold = await start(root);
  const afterBuild = memoryOf(cold.child.pid!);
  const searches: number[] = [];
  for (const q of QUESTIONS) {
    const s = performance.now();
    await cold.conn.sendRequest(SearchRequest, { root, terms: extractTerms(q), limit: 80 });
    searches.push(performance.now() - s);
  }
  const [status] = await cold.conn.sendRequest(StatusRequest, {});
  console.log(`server cold start to a built index: ${fmt(cold.readyMs, 0)} ms (${status.files} files, ${status.chunks} chunks)`);
  console.log(`server search, nothing changed (request round trip, ranking only): p50 ${fmt(p50(searches))} ms`);

  // An unsaved edit: the editor's text reaches the server by document sync, the next search finds it.
  const edits: number[] = [];
  const file = path.join(root, 'package.json');
  const uri = pathToFileURL(existsSync(file) ? file : path.join(root, 'bench-edit.ts')).href;
  await cold.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text: '{}\n' } });
  for (let i = 0; i < 5; i++) {
    const s = performance.now();
    await cold.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: i + 2 },
      contentChanges: [{ text: `{"benchServerMarker${i}": true}\n` }],
    });
    for (;;) {
      const r = await cold.conn.sendRequest(SearchRequest, { root, terms: extractTerms(`benchServerMarker${i}`), limit: 1 });
      if (r.chunks.length > 0) break;
      await new Promise((res) => setTimeout(res, 5));
    }
    edits.push(performance.now() - s);
  }
  await cold.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
  console.log(`server, an unsaved editor change found by the next search: p50 ${fmt(p50(edits))} ms [target ≤ 200 ms]`);
  const end = memoryOf(cold.child.pid!);
  await stop(cold);

  // Warm, and offering its index to the terminal as in a trusted VS Code window: the CLI's one-shot question asks it.
  const warm = await start(root, true);
  const warmMem = memoryOf(warm.child.pid!);
  console.log(`server warm start (saved index, nothing changed): ${fmt(warm.readyMs, 0)} ms`);
  const shots: number[] = [];
  for (let i = 0; i < 6; i++) {
    const s = performance.now();
    const r = spawnSync(process.execPath, [CLI, 'query', QUESTIONS[0], '--no-llm', '--json', '--root', root], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`grounded query exited ${r.status}: ${r.stderr}`);
    // The first one loads the tokenizer and scrubber into the server: counted apart.
    if (i > 0) shots.push(performance.now() - s);
  }
  const rg = Number(process.env.GROUNDED_BENCH_RG_MS);
  const vsRg = Number.isFinite(rg) && rg > 0 ? ` | rg pass ${fmt(rg, 0)} ms (the bench's reference) → ${fmt(p50(shots) / rg, 2)}× [target ≤ 1×]` : '';
  const afterCli = memoryOf(warm.child.pid!);
  console.log(
    `one-shot grounded query answered by the index server of a VS Code window (process start included): p50 ${fmt(p50(shots), 0)} ms of 5${vsRg}` +
      (afterCli ? `; server RSS after ${fmt(afterCli.now, 0)} MB (peak ${fmt(afterCli.peak, 0)} MB)` : ''),
  );
  await stop(warm);
  if (afterBuild && end && warmMem) {
    console.log(
      (`server peak RSS: ${fmt(Math.max(afterBuild.peak, end.peak), 0)} MB after a cold build and ${QUESTIONS.length + 5} requests (now ${fmt(end.now, 0)} ` +
        `MB); warm start peak ${fmt(warmMem.peak, 0)} MB [target ≤ 300 MB]`),
    );
  } else console.log('server RSS: /proc not available on this system');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
