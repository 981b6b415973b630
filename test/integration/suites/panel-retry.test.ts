import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import type { GroundedApi } from '../../../src/vscode/extension';
import type { PanelTurn, ToWebview } from '../../../src/vscode/panel/messages';
import type { GroundedPanel } from '../../../src/vscode/panel/panel';
import { eventually } from './eventually';
import { requests, setReplies } from './chat-harness';

// "Ask again" and "Retry" ask the same question about the same code: a question asked about a
// selection sends that selection again, read as the editor shows it now, not the question alone.

const prompts = async () => (await requests()).map((r) => r.prompt);

describe('Grounded panel: asking again keeps the selection', function () {
  this.timeout(120_000);
  let panel: GroundedPanel;
  let posted: ToWebview[] = [];
  let sub: vscode.Disposable;
  const turnsOf = (question: string) => posted.flatMap((m) => (m.type === 'turn' && m.turn.question === question ? [m.turn] : []));

  before(async () => {
    await vscode.extensions.getExtension<GroundedApi>('grounded-dev.grounded')!.activate();
    panel = (await vscode.commands.executeCommand('grounded.openPanel')) as GroundedPanel;
    sub = panel.controller.onDidPost((m) => posted.push(m));
  });

  after(async () => {
    sub.dispose();
    panel.panel.dispose();
    // The edit stays unsaved: the fixture's file is left as it was.
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.path.endsWith('src/http/client.ts'));
    if (doc?.isDirty) {
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  it('a stopped question about a selection is asked again with the selection, including edits not saved', async () => {
    const question = 'retry-sel-31: what does this parse?';
    await setReplies([{ match: 'retry-sel-31', reply: 'It parses the header in src/http/client.ts#L10-15.', delayMs: 400 }]);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'src/http/client.ts'));
    const editor = await vscode.window.showTextDocument(doc);
    editor.selection = new vscode.Selection(9, 0, 15, 0);
    posted = [];
    const first = vscode.commands.executeCommand('grounded.askSelection', question) as Thenable<PanelTurn>;
    assert.ok(await eventually(() => turnsOf(question).some((t) => t.html.includes('It parses')), 30_000), 'the answer started');
    assert.equal(await panel.controller.receive({ type: 'stop' }), true);
    const stopped = await first;
    assert.equal(stopped.stopped, true);

    // Edited, not saved: asking again reads the lines as they are now.
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, new vscode.Position(11, 0), '  // RETRY_MARKER_31 edited after the first ask\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(doc.isDirty);
    await setReplies([{ match: 'retry-sel-31', reply: 'It parses the header in src/http/client.ts#L10-15.' }]);
    posted = [];
    assert.equal(await panel.controller.receive({ type: 'retry', turn: stopped.id }), true);
    const again = turnsOf(question).find((t) => t.done);
    assert.ok(again, 'the question was asked again');
    assert.equal(again.stopped, undefined);
    assert.deepEqual([again.sources[0].origin, again.sources[0].path, again.sources[0].startLine, again.sources[0].endLine], ['selection', 'src/http/client.ts', 10, 15]);
    const sent = (await prompts()).filter((p) => p.includes('retry-sel-31')).at(-1) ?? '';
    assert.match(sent, /RETRY_MARKER_31/, 'the selection was sent again, with the unsaved edit');
  });
});
