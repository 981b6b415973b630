import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import type { GroundedApi } from '../../../src/vscode/extension';

// The index server started by the extension (vscode-languageclient, node IPC), in a real VS Code.

async function eventually<T>(get: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await get().catch(() => undefined as T);
    if ((v !== undefined && ok(v)) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('the index server', function () {
  this.timeout(120_000);
  let api: GroundedApi;
  let root: string;
  const top = async (q: string) => {
    const source = api.services.indexFor(root);
    const chunks = await source.search(extractTerms(q), 5);
    return { paths: chunks.map((c) => c.path), indexing: source.indexing };
  };

  before(async () => {
    api = await vscode.extensions.getExtension<GroundedApi>('grounded-dev.grounded')!.activate();
    root = vscode.workspace.workspaceFolders![0].uri.fsPath;
  });

  it('starts in its own process and answers a question', async () => {
    const r = await eventually(() => top('how are API keys stored?'), (x) => !x.indexing && x.paths[0] === 'src/auth/keyStore.ts');
    assert.equal(r.paths[0], 'src/auth/keyStore.ts');
    assert.ok(api.services.indexClient?.serverPid, 'no server process');
    assert.notEqual(api.services.indexClient?.serverPid, process.pid);
  });

  it('finds an unsaved edit in the next question', async () => {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'src', 'notes.ts'));
    await vscode.window.showTextDocument(doc);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, new vscode.Position(0, 0), 'export function wombatTallyCounter() { return 1; }\n');
    await vscode.workspace.applyEdit(edit);
    try {
      const r = await eventually(() => top('wombatTallyCounter'), (x) => x.paths[0] === 'src/notes.ts', 20_000);
      assert.equal(r.paths[0], 'src/notes.ts');
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.revert', doc.uri);
    }
  });

  it('answers grounded query run in a terminal, with the unsaved text of an editor', async () => {
    // This checkout's CLI (the installed extension ships none): suites are bundled to .vscode-test/<dir>/.
    const cli = path.resolve(__dirname, '..', '..', 'bin', 'grounded.js');
    const run = (...args: string[]) => execFileSync('node', [cli, ...args], { cwd: root, encoding: 'utf8' });
    const status = await eventually(async () => JSON.parse(run('serve', '--status', '--json')), (s) => s.running === true, 30_000);
    assert.equal(status.host, 'VS Code');
    assert.equal(status.pid, api.services.indexClient?.serverPid);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'src', 'notes.ts'));
    await vscode.window.showTextDocument(doc);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, new vscode.Position(0, 0), 'export function numbatParcelSorter() { return 2; }\n');
    await vscode.workspace.applyEdit(edit);
    try {
      // Only the index server holds the unsaved line: the CLI reading the disk could not cite it.
      const answer = await eventually(
        async () => JSON.parse(run('query', 'where is numbatParcelSorter?', '--no-llm', '--json')),
        (r) => r.chunks[0]?.path === 'src/notes.ts',
        20_000,
      );
      assert.equal(answer.chunks[0].path, 'src/notes.ts');
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.revert', doc.uri);
    }
  });

  it('finds a file written on disk by another program (file watching)', async () => {
    const file = path.join(root, 'src', 'written-outside.ts');
    writeFileSync(file, 'export function pangolinInvoiceRouter() { return 7; }\n');
    try {
      const r = await eventually(() => top('pangolinInvoiceRouter'), (x) => x.paths[0] === 'src/written-outside.ts', 30_000);
      assert.equal(r.paths[0], 'src/written-outside.ts');
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('is restarted after being killed, and the next question is answered', async () => {
    const pid = api.services.indexClient!.serverPid!;
    process.kill(pid, 'SIGKILL');
    await eventually(async () => api.services.indexClient?.serverPid, (p) => p !== undefined && p !== pid);
    const r = await eventually(() => top('how are API keys stored?'), (x) => !x.indexing && x.paths[0] === 'src/auth/keyStore.ts');
    assert.equal(r.paths[0], 'src/auth/keyStore.ts');
    assert.notEqual(api.services.indexClient?.serverPid, pid);
  });

  it('shows a long build in the status bar, files done of total, and stops it from there', async () => {
    const client = api.services.indexClient!;
    const before = (await top('how are API keys stored?')).paths;
    const gen = path.join(root, 'generated-progress');
    // Written beside the workspace and moved in at once: one file event, not 20,000 of them for the
    // extension host to filter while the test waits on it. Ten functions a file, so that the build
    // lasts long enough here to be stopped part way.
    const staging = `${root}-staging`;
    const body = Array.from({ length: 10 }, (_, i) => `export function step${i}(input: string): string {\n  return input.trim() + '${i}';\n}\n`).join('');
    for (let d = 0; d < 100; d++) {
      mkdirSync(path.join(staging, `pkg${d}`), { recursive: true });
      for (let f = 0; f < 200; f++) writeFileSync(path.join(staging, `pkg${d}`, `m${f}.ts`), `export const value${d}x${f} = ${f};\n${body}`);
    }
    renameSync(staging, gen);
    try {
      // A cold build: no saved index, a fresh server.
      rmSync(path.join(root, '.agent', 'state', 'index.bin'), { force: true });
      client.restart();
      // Watched closely: the build of 20,000 files takes a few seconds here.
      let shown: string | undefined;
      for (const until = Date.now() + 60_000; shown === undefined && Date.now() < until;) {
        shown = client.indexingStatus.text;
        if (shown === undefined) await new Promise((r) => setTimeout(r, 5));
      }
      assert.match(shown ?? '', /^\$\(sync~spin\) Grounded: indexing [\d,]+ of [\d,]+ files$/);
      const total = Number(/of ([\d,]+) files/.exec(shown!)![1].replace(/,/g, ''));
      assert.ok(total >= 20_000, `the total counts every file: ${shown}`);
      assert.deepEqual(await vscode.commands.getCommands(true).then((c) => c.includes('grounded.stopIndexing')), true);
      await vscode.commands.executeCommand('grounded.stopIndexing');
      const hidden = await eventually(async () => client.indexingStatus.text, (t) => t === undefined, 20_000);
      assert.equal(hidden, undefined, 'the item goes once the run stopped');
      // Later runs (the file events of the generated files) may carry on and finish the build.
      const stop = client.indexingStatus.ended.find((e) => e.ended === 'stopped');
      assert.ok(stop, `a run ended stopped: ${JSON.stringify(client.indexingStatus.ended)}`);
      assert.ok(stop.indexed < stop.total && stop.total === total, `stopped part way: ${stop.indexed} of ${stop.total}`);
    } finally {
      rmSync(gen, { recursive: true, force: true });
      rmSync(path.join(root, '.agent', 'state', 'index.bin'), { force: true });
      client.restart();
    }
    // The workspace as it was: the next suites see the fixture alone.
    const r = await eventually(() => top('how are API keys stored?'), (x) => !x.indexing && x.paths.join() === before.join());
    assert.deepEqual(r.paths, before);
  });

  it('re-lists the folder when a .gitignore above it changes, in a repository around the workspace', async () => {
    // VS Code's watcher of the workspace sees nothing outside it: the client watches git's rule files there itself.
    const outer = path.dirname(root);
    const marker = path.join(root, 'src', 'outer-rule.ts');
    writeFileSync(marker, 'export function ocelotOuterRule() { return 3; }\n');
    const gitignore = path.join(outer, '.gitignore');
    const gitIn = (...args: string[]) => execFileSync('git', ['-C', outer, ...args], { stdio: 'ignore' });
    try {
      gitIn('init', '-q');
      // The workbench's own folders beside the workspace stay out of this repository.
      writeFileSync(gitignore, `/*\n!/${path.basename(root)}/\n`);
      // Rule files are looked up as the server (re)starts: the folder was not in a repository before.
      api.services.indexClient!.restart();
      const found = await eventually(() => top('ocelotOuterRule'), (x) => x.paths[0] === 'src/outer-rule.ts', 30_000);
      assert.equal(found.paths[0], 'src/outer-rule.ts');
      writeFileSync(gitignore, `/*\n!/${path.basename(root)}/\n/${path.basename(root)}/src/outer-rule.ts\n`);
      const gone = await eventually(() => top('ocelotOuterRule'), (x) => !x.paths.includes('src/outer-rule.ts'), 30_000);
      assert.ok(!gone.paths.includes('src/outer-rule.ts'), `still listed: ${gone.paths.join(', ')}`);
    } finally {
      rmSync(path.join(outer, '.git'), { recursive: true, force: true });
      rmSync(gitignore, { force: true });
      rmSync(marker, { force: true });
      api.services.indexClient!.restart();
    }
  });
});
