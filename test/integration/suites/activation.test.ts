import * as vscode from 'vscode';
import assert from 'node:assert/strict';

// The extension as a user installs it: present, activates without errors, and every command the
// user can reach from the palette is registered; the test fixtures that stand in for Copilot
// (default participant + language model) are there too, so chat tests have a model to talk to.

const EXTENSION_ID = 'grounded-dev.grounded';
const COMMANDS = [
  'grounded.askSelection',
  'grounded.askSelectionInEditor',
  'grounded.openPanel',
  'grounded.setApiKey',
  'grounded.clearApiKey',
  'grounded.selectModel',
  'grounded.showVisibleFiles',
  'grounded.showLogs',
  'grounded.showLastFailure',
  'grounded.showMetrics',
  'grounded.focus',
  'grounded.askInChat',
  'grounded.openWalkthrough',
  'grounded.chatView.focus',
];

describe('extension activation', function () {
  this.timeout(60_000);

  it('is installed with the basic workspace open', () => {
    assert.ok(vscode.extensions.getExtension(EXTENSION_ID), `${EXTENSION_ID} is installed`);
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'a workspace folder is open');
  });

  it('activates', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension);
    await extension.activate();
    assert.equal(extension.isActive, true);
  });

  it('registers every palette command', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = COMMANDS.filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], `commands not registered: ${missing.join(', ')}`);
  });

  it('contributes the @grounded chat participant', () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes?: { chatParticipants?: { id: string; name: string }[] } };
    const participant = manifest.contributes?.chatParticipants?.find((p) => p.id === 'grounded.chat');
    assert.equal(participant?.name, 'grounded');
  });

  it('has the fixture language model to answer chat requests', async () => {
    const models = await vscode.lm.selectChatModels({ vendor: 'fixture' });
    assert.equal(models.length, 1, 'the fixture model is registered (fixture extension loaded with its proposed APIs)');
    const reply = await models[0].sendRequest([vscode.LanguageModelChatMessage.User('<<<FILE src/auth/keyStore.ts#L3-9 id=1>>>\nx\n<<<END id=1>>>')]);
    let text = '';
    for await (const piece of reply.text) text += piece;
    assert.match(text, /src\/auth\/keyStore\.ts#L3-9/);
  });

  it('shows the metrics as a read-only document that asks nothing when closed', async () => {
    await vscode.commands.executeCommand('grounded.showMetrics');
    const doc = vscode.window.activeTextEditor?.document;
    assert.equal(doc?.uri.scheme, 'grounded-metrics');
    assert.equal(doc?.isUntitled, false, 'not an untitled document (closing one asks to save it)');
    assert.match(doc?.getText() ?? '', /# HELP agent_query_total/);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
