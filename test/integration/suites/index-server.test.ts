import * as vscode from 'vscode';
import assert from 'node:assert/strict';
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

  it('is restarted after being killed, and the next question is answered', async () => {
    const pid = api.services.indexClient!.serverPid!;
    process.kill(pid, 'SIGKILL');
    await eventually(async () => api.services.indexClient?.serverPid, (p) => p !== undefined && p !== pid);
    const r = await eventually(() => top('how are API keys stored?'), (x) => !x.indexing && x.paths[0] === 'src/auth/keyStore.ts');
    assert.equal(r.paths[0], 'src/auth/keyStore.ts');
    assert.notEqual(api.services.indexClient?.serverPid, pid);
  });
});
