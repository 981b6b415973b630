import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { GroundedApi } from '../../../src/vscode/extension';
import { Recorder } from './recorder';
import { AuditStore, defaultDatabasePath } from '../../../src/engine/audit/store';
import { setReplies } from './chat-harness';

// grounded.memory.keepAnswers: on (the default) an answered turn lands in the workspace memory;
// off, the answer still comes but nothing under .agent/state/ is created or changed.


/** Every file under `dir` with its size and modification time: any write shows up as a difference. */
function snapshot(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const st = statSync(path.join(dir, name));
    if (st.isFile()) out.push(`${name} ${st.size} ${st.mtimeMs}`);
  }
  return out.sort();
}

async function keptRows(root: string, marker: string): Promise<number> {
  const file = defaultDatabasePath(root);
  if (!existsSync(file)) return 0;
  const store = await AuditStore.open({ file });
  try {
    return store.query(`SELECT id FROM messages WHERE content LIKE '%${marker}%'`).length;
  } finally {
    store.close();
  }
}

describe('grounded.memory.keepAnswers', function () {
  this.timeout(120_000);
  let api: GroundedApi;
  let model: vscode.LanguageModelChat;
  let root: string;
  const config = () => vscode.workspace.getConfiguration('grounded');
  const ask = async (prompt: string) => {
    const rec = new Recorder();
    const result = await api.chat({ prompt, command: undefined, references: [], model }, { history: [] }, rec, new vscode.CancellationTokenSource().token);
    return { rec, result };
  };

  before(async () => {
    api = await vscode.extensions.getExtension<GroundedApi>('grounded-dev.grounded')!.activate();
    [model] = await vscode.lm.selectChatModels({ vendor: 'fixture' });
    root = vscode.workspace.workspaceFolders![0].uri.fsPath;
  });

  after(async () => {
    await setReplies([]);
    await config().update('memory.keepAnswers', undefined, vscode.ConfigurationTarget.Global);
  });

  it('keeps answered turns by default, and writes nothing to .agent/state/ when turned off', async () => {
    await setReplies([{ match: 'keep-turn-', reply: 'The client retries with backoff: src/http/client.ts#L20-30.' }]);
    const kept = await ask('keep-turn-on-5521: how does the client retry?');
    assert.equal(kept.result.metadata?.status, 'success', kept.rec.text());
    assert.ok(await keptRows(root, 'keep-turn-on-5521') > 0, 'on: the turn is in the workspace memory');

    await config().update('memory.keepAnswers', false, vscode.ConfigurationTarget.Global);
    const stateDir = path.join(root, '.agent', 'state');
    const before = snapshot(stateDir);
    const off = await ask('keep-turn-off-7730: how does the client retry?');
    assert.equal(off.result.metadata?.status, 'success', off.rec.text());
    assert.match(off.rec.text(), /retries with backoff/);
    assert.deepEqual(snapshot(stateDir), before, 'off: nothing under .agent/state/ changed');
    assert.equal(await keptRows(root, 'keep-turn-off-7730'), 0);
  });
});
