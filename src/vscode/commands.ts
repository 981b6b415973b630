import * as vscode from 'vscode';
import { checkStoredKey } from './key-check';
import { KEYED_PROVIDERS, PROVIDER_LABELS, type KeyedProvider } from './keys';
import { attachChecked } from './chat/attachments';
import { askInChat } from './chat/open-chat';
import type { PanelTurn } from './panel/messages';
import { GroundedPanel } from './panel/panel';
import type { ConversationHub } from './panel/hub';
import { SIDE_VIEW_ID, type GroundedSideView } from './panel/side-view';
import { ReadOnlyDocs } from './read-only-docs';
import type { GroundedServices } from './services';
import { runSetup, vscodeSetupUi } from './setup-flow';
import { registerClearUrlCache } from './url-cache-command';
import { showVisibleFiles } from './visible-files';


async function pickKeyedProvider(placeHolder: string): Promise<KeyedProvider | undefined> {
  const pick = await vscode.window.showQuickPick(KEYED_PROVIDERS.map((p) => ({ label: PROVIDER_LABELS[p], id: p })), { placeHolder });
  return pick?.id;
}

async function setApiKey(services: GroundedServices, provider?: KeyedProvider): Promise<void> {
  const p = provider ?? (await pickKeyedProvider('Which provider is the key for?'));
  if (!p) return;
  const key = await vscode.window.showInputBox({
    prompt: `API key for ${PROVIDER_LABELS[p]} (stored in VS Code's secret storage, never in settings)`,
    password: true,
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim().length < 8 ? 'That is too short to be an API key.' : undefined),
  });
  if (!key) return;
  await services.keys.store(p, key);
  services.logger.info('key.stored', { provider: p });
  // The check runs on its own: the command (and a webview button awaiting it) returns at once.
  void checkStoredKey(services, p).catch(() => services.logger.warn('key.check_failed', { provider: p }));
}

async function clearApiKey(services: GroundedServices, provider?: KeyedProvider): Promise<void> {
  const p = provider ?? (await pickKeyedProvider('Clear the key of which provider?'));
  if (!p) return;
  await services.keys.delete(p);
  services.logger.info('key.cleared', { provider: p });
  void vscode.window.showInformationMessage(`Grounded: the ${PROVIDER_LABELS[p]} key is removed.`);
}


/** Input box for the question, then the answer in the panel with the selection as primary context. */
export async function askSelection(
  context: vscode.ExtensionContext,
  services: GroundedServices,
  surfaces: ConversationSurfaces,
  question?: string,
): Promise<PanelTurn | undefined> {
  const editor = vscode.window.activeTextEditor;
  const root = services.rootFor(editor?.document.uri);
  if (!editor || !root) return void vscode.window.showWarningMessage('Grounded: select some code in a file of the open folder first.');
  const checked = await attachChecked(root, editor.document, editor.selection.isEmpty ? undefined : editor.selection, 'selection');
  if (!checked.attached) return void vscode.window.showWarningMessage(`Grounded: ${checked.refused}`);
  const selection = checked.attached;
  const q =
    question ??
    (await vscode.window.showInputBox({
      prompt: `Ask about ${selection.path}#L${selection.startLine}-${selection.endLine}`,
      placeHolder: 'What does this code do?',
      ignoreFocusOut: true,
    }));
  if (q === undefined) return;
  // Where the conversation is on screen: the side-bar view when it is open, else an editor tab.
  if (!surfaces.sideView.visible) GroundedPanel.show(context, surfaces.hub);
  return surfaces.hub.controller.ask(q.trim() || 'Explain this code.', [selection], root);
}

/** Registers the palette commands (the chat participant and plans register their own). */
/** Where the conversation can be shown: one conversation, in the side bar and in an editor tab. */
export interface ConversationSurfaces {
  hub: ConversationHub;
  sideView: GroundedSideView;
}

export function registerCommands(context: vscode.ExtensionContext, services: GroundedServices, surfaces: ConversationSurfaces): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('grounded.openPanel', () => GroundedPanel.show(context, surfaces.hub)),
    // The side-bar view's generated focus command; this name stays stable for keybindings and docs.
    vscode.commands.registerCommand('grounded.focus', () => vscode.commands.executeCommand(`${SIDE_VIEW_ID}.focus`)),
    vscode.commands.registerCommand('grounded.askInChat', () => askInChat(() => vscode.commands.executeCommand(`${SIDE_VIEW_ID}.focus`))),
    vscode.commands.registerCommand('grounded.askSelection', (question?: string) =>
      askSelection(context, services, surfaces, typeof question === 'string' ? question : undefined),
    ),
    // The same ask under the editor menu's title: a menu shows no category, so that title names Grounded.
    vscode.commands.registerCommand('grounded.askSelectionInEditor', () => askSelection(context, services, surfaces)),
    vscode.commands.registerCommand('grounded.setApiKey', (p?: KeyedProvider) => setApiKey(services, typeof p === 'string' ? p : undefined)),
    vscode.commands.registerCommand('grounded.clearApiKey', (p?: KeyedProvider) => clearApiKey(services, typeof p === 'string' ? p : undefined)),
    vscode.commands.registerCommand('grounded.selectModel', () => runSetup(services, vscodeSetupUi(services.setupNotice))),
    vscode.commands.registerCommand('grounded.showVisibleFiles', () => showVisibleFiles(services)),
    vscode.commands.registerCommand('grounded.showLogs', () => services.output.show()),
    registerClearUrlCache(services.urlCacheDir),
    vscode.commands.registerCommand('grounded.openWalkthrough', () =>
      vscode.commands.executeCommand('workbench.action.openWalkthrough', 'grounded-dev.grounded#grounded.start', false)),
    ...registerMetricsView(services),
  ];
}

/** The metrics as a read-only document of their own scheme, current each time it is shown. */
function registerMetricsView(services: GroundedServices): vscode.Disposable[] {
  const docs = new ReadOnlyDocs('grounded-metrics');
  return [
    docs,
    vscode.commands.registerCommand('grounded.showMetrics', async () => {
      await docs.show('Grounded metrics', () => services.metrics.toPrometheus(), { markdown: false, preview: true });
    }),
  ];
}
