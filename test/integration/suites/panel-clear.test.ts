import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import type { GroundedApi } from '../../../src/vscode/extension';
import type { ToWebview } from '../../../src/vscode/panel/messages';
import type { GroundedPanel } from '../../../src/vscode/panel/panel';
import { setReplies } from './chat-harness';

// Clear in the Grounded panel loses nothing by accident: the turns it removed come back with Undo
// (the webview's `undoClear`), also after the view was closed and opened again, until the next
// question starts a new conversation.

describe('Grounded panel: Clear and Undo', function () {
  this.timeout(120_000);
  let panel: GroundedPanel;
  let posted: ToWebview[] = [];
  let sub: vscode.Disposable;
  const receive = (m: unknown) => panel.controller.receive(m);
  const stateNow = async () => {
    posted = [];
    await receive({ type: 'ready' });
    const m = posted[0];
    assert.ok(m.type === 'state');
    return m;
  };

  before(async () => {
    await vscode.extensions.getExtension<GroundedApi>('grounded-dev.grounded')!.activate();
    panel = (await vscode.commands.executeCommand('grounded.openPanel')) as GroundedPanel;
    sub = panel.controller.onDidPost((m) => posted.push(m));
  });

  after(() => {
    sub.dispose();
    panel.panel.dispose();
  });

  it('clear empties the conversation; Undo brings it back, also after a reopen, until the next question', async () => {
    await panel.ask('clear-1: how are API keys stored?');
    await panel.ask('clear-2: where is the retry policy?');
    const kept = (await stateNow()).turns.map((t) => t.id);
    assert.ok(kept.length >= 2);
    posted = [];
    assert.equal(await receive({ type: 'clear' }), true);
    assert.deepEqual(posted, [{ type: 'state', turns: [], busy: false, cleared: kept.length }]);
    assert.deepEqual(await stateNow(), { type: 'state', turns: [], busy: false, cleared: kept.length }, 'a reopened view still offers Undo');
    assert.equal(await receive({ type: 'undoClear' }), true);
    assert.deepEqual((await stateNow()).turns.map((t) => t.id), kept, 'every turn is back, in order');
    assert.equal((await stateNow()).cleared, undefined);
    // Cleared again, then a new question: what was cleared is gone for good.
    await receive({ type: 'clear' });
    const next = await panel.ask('after-clear-5: how are API keys stored?');
    assert.equal(await receive({ type: 'undoClear' }), false);
    const after = await stateNow();
    assert.deepEqual([after.turns.map((t) => t.id), after.cleared], [[next.id], undefined]);
  });

  it('an answer cleared while it is being written is stopped and comes back with Undo, not on its own', async () => {
    await setReplies([
      { match: 'clear-slow-9', reply: 'Keys go through src/auth/keyStore.ts#L19-26 and only much later does this end.', delayMs: 2000 },
    ]);
    try {
      const asking = panel.ask('clear-slow-9: how are keys stored?');
      await new Promise((r) => setTimeout(r, 300));
      posted = [];
      await receive({ type: 'clear' });
      const t = await asking;
      assert.equal(t.stopped, true);
      assert.ok(!posted.some((m) => m.type === 'turn'), 'the stopped turn does not reappear in the cleared view');
      assert.equal(await receive({ type: 'undoClear' }), true);
      assert.ok((await stateNow()).turns.some((x) => x.id === t.id && x.stopped), 'Undo brings it back, marked stopped');
    } finally {
      await setReplies([]);
    }
  });
});
