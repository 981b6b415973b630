import * as vscode from 'vscode';
import { explainPath, discoverFiles } from '../engine/workspace/discovery';
import { checkStoredKey } from './key-check';
import { KEYED_PROVIDERS, PROVIDER_LABELS, type KeyedProvider } from './keys';
import { attachChecked } from './chat/attachments';
import type { PanelTurn } from './panel/messages';
import { GroundedPanel } from './panel/panel';
import type { ConversationHub } from './panel/hub';
import { SIDE_VIEW_ID, type GroundedSideView } from './panel/side-view';
import { ReadOnlyDocs } from './read-only-docs';
import type { GroundedServices } from './services';
import { discoveryFor } from './settings';
import { runSetup, vscodeSetupUi } from './setup-flow';
import { registerClearUrlCache } from './url-cache-command';


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


async function showVisibleFiles(services: GroundedServices): Promise<void> {
  const root = services.rootFor(vscode.window.activeTextEditor?.document.uri);
  if (!root) return void vscode.window.showWarningMessage('Grounded: open a folder first.');
  const opts = discoveryFor(root);
  const active = vscode.window.activeTextEditor?.document.uri;
  const items: (vscode.QuickPickItem & { rel?: string })[] = [];
  if (active?.scheme === 'file') {
    const e = await explainPath(opts, active.fsPath);
    // The verdict leads and the path follows: a deep path would push "is visible" out of the row.
    items.push(
      {
        label: e.visible ? '$(eye) Visible to Grounded:' : '$(eye-closed) Hidden from Grounded:',
        description: e.path,
        detail: e.visible ? undefined : `${e.reason}${e.detail ? `: ${e.detail}` : ''}`,
      },
      { label: '', kind: vscode.QuickPickItemKind.Separator },
    );
  }
  const { files, skipped } = await discoverFiles(opts);
  // Hidden files are never listed (a node_modules would drown the list): say so, and how to ask about one.
  if (items.length === 0)
    items.push({
      label: '$(info) Files hidden by .gitignore, .agentignore or the excluded folders are not listed',
      detail: 'To see why a file is hidden, open it and run "Grounded: Show What Grounded Can See" again.',
    }, { label: '', kind: vscode.QuickPickItemKind.Separator });
  items.push(...files.map((f) => ({ label: f.path, rel: f.path })));
  if (skipped.length)
    items.push(
      { label: 'Skipped', kind: vscode.QuickPickItemKind.Separator },
      ...skipped.map((x) => ({ label: `$(circle-slash) ${x.path}`, description: `${x.reason}${x.detail ? `: ${x.detail}` : ''}` })),
    );
  // The counts go in the title, which stays while the user filters (a placeholder is cut and goes at the first key).
  const count = (n: number) => n.toLocaleString('en-US');
  const pick = await vscode.window.showQuickPick(items, {
    title: `Grounded can read ${count(files.length)} files` + (skipped.length ? ` · ${count(skipped.length)} skipped (listed last)` : ''),
    placeHolder: 'Type to filter by path',
    matchOnDescription: true,
  });
  if (pick?.rel) await vscode.window.showTextDocument(vscode.Uri.joinPath(vscode.Uri.file(root), pick.rel));
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
    vscode.commands.registerCommand('grounded.askSelection', (question?: string) =>
      askSelection(context, services, surfaces, typeof question === 'string' ? question : undefined),
    ),
    // The same ask under the editor menu's title: a menu shows no category, so that title names Grounded.
    vscode.commands.registerCommand('grounded.askSelectionInEditor', () => askSelection(context, services, surfaces)),
    vscode.commands.registerCommand('grounded.setApiKey', (p?: KeyedProvider) => setApiKey(services, typeof p === 'string' ? p : undefined)),
    vscode.commands.registerCommand('grounded.clearApiKey', (p?: KeyedProvider) => clearApiKey(services, typeof p === 'string' ? p : undefined)),
    vscode.commands.registerCommand('grounded.selectModel', () => runSetup(services, vscodeSetupUi)),
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
