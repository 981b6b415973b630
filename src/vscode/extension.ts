import * as vscode from 'vscode';
import { handleChatRequest, registerParticipant } from './chat/participant';
import { registerCommands } from './commands';
import { ConversationHub } from './panel/hub';
import { GroundedPanel, PANEL_VIEW_TYPE } from './panel/panel';
import { citationHighlights } from './panel/open-citation';
import { GroundedSideView, SIDE_VIEW_ID } from './panel/side-view';
import { registerPlanFeatures, type PlanFeatures } from './plans';
import { warmUpEngine } from '../engine/session/workspace-session';
import { GroundedServices } from './services';
import { runSetup, type SetupOutcome, type SetupUi } from './setup-flow';
import { createStatusBar } from './status-bar';

/** What activate() returns: the shared services and the @grounded handler, for the extension-host tests. */
export interface GroundedApi {
  services: GroundedServices;
  activationMs: number;
  /** The file the "Grounded" log channel writes to (what Show Logs displays). */
  logFile: vscode.Uri;
  chat: (...args: Parameters<typeof handleChatRequest> extends [unknown, ...infer R] ? R : never) => ReturnType<typeof handleChatRequest>;
  /** The plan features as the extension wired them (tests drive a run through them). */
  plans: PlanFeatures;
  /** The setup flow with scripted dialogs (what "Grounded: Select Provider and Model" runs with VS Code's). */
  setup: (ui: SetupUi) => Promise<SetupOutcome>;
  /** The cited lines highlighted now (the citation opened last), until the cursor leaves them. */
  citationHighlight: () => { path: string; startLine: number; endLine: number } | undefined;
}

/** Wires the participant, commands, panel, plans and status bar; no I/O happens here, so activation stays fast. */
export function activate(context: vscode.ExtensionContext): GroundedApi {
  const started = performance.now();
  const services = new GroundedServices(context);
  // Plans act on the folder of the active editor at the time of the request, through its session.
  const plans = registerPlanFeatures(context, {
    getProvider: async (requestModel) => (await services.resolveProvider(requestModel)).provider,
    logger: services.logger,
    session: () => { const root = services.rootFor(vscode.window.activeTextEditor?.document.uri); return root ? services.sessionFor(root) : undefined; },
  });
  const chat = { services, plans: plans.features };
  // One conversation, shown in Grounded's side-bar view and, on demand, in an editor tab.
  const hub = new ConversationHub(services, context.workspaceState, GroundedPanel.citationColumn);
  const sideView = new GroundedSideView(context.extensionUri, hub);
  context.subscriptions.push(
    services,
    hub,
    registerParticipant(context, chat),
    ...registerCommands(context, services, { hub, sideView }),
    ...createStatusBar(services),
    vscode.window.registerWebviewViewProvider(SIDE_VIEW_ID, sideView),
    vscode.window.registerWebviewPanelSerializer(PANEL_VIEW_TYPE, { deserializeWebviewPanel: async (panel) => GroundedPanel.restore(panel, context, hub) }),
    ...plans.disposables,
    citationHighlights,
  );
  // Once the window has settled, load the tokenizer and exercise the scrubber: the first question then starts warm.
  const warm = setTimeout(() => warmUpEngine(), 3000);
  context.subscriptions.push({ dispose: () => clearTimeout(warm) });
  const activationMs = Math.round((performance.now() - started) * 10) / 10;
  services.logger.info('extension.activated', { activationMs, trusted: vscode.workspace.isTrusted });
  return {
    services,
    activationMs,
    logFile: vscode.Uri.joinPath(context.logUri, 'Grounded.log'),
    chat: (...args) => handleChatRequest(chat, ...args),
    setup: (ui) => runSetup(services, ui),
    plans: plans.features,
    citationHighlight: () => citationHighlights.current(),
  };
}

export function deactivate(): void {}
