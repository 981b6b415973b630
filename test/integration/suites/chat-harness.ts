import * as vscode from 'vscode';
import type { GroundedApi } from '../../../src/vscode/extension';
import { Recorder } from './recorder';

// What the suites that ask the fixture language model share (not a suite: no .test.ts): it records every
// prompt it receives (groundedFixture.requests) and answers by rules (groundedFixture.setReplies).

/** returned: the fixture model's call has ended (all pieces sent, or it saw the cancellation). */
export interface FixtureRequest { prompt: string; messageCount: number; returned: boolean }
export const requests = async () => (await vscode.commands.executeCommand('groundedFixture.requests')) as FixtureRequest[];
export const setReplies = (rules: { match: string; reply: string; delayMs?: number }[]) =>
  vscode.commands.executeCommand('groundedFixture.setReplies', rules);

export interface AskOptions {
  command?: string;
  references?: vscode.ChatPromptReference[];
  history?: vscode.ChatContext['history'];
  token?: vscode.CancellationToken;
  rec?: Recorder;
}

/** Asks @grounded through the extension's API, as the chat view would, recording what it streams. */
export function chatAsker(api: () => GroundedApi, model: () => vscode.LanguageModelChat) {
  return async (prompt: string, opts: AskOptions = {}) => {
    const rec = opts.rec ?? new Recorder();
    const result = await api().chat(
      { prompt, command: opts.command, references: opts.references ?? [], model: model() },
      { history: opts.history ?? [] },
      rec,
      opts.token ?? new vscode.CancellationTokenSource().token,
    );
    return { result, rec };
  };
}

/** The extension's API and the fixture model, once the extension is active. */
export async function activateForChat(): Promise<{ api: GroundedApi; model: vscode.LanguageModelChat; root: vscode.Uri }> {
  const api = await vscode.extensions.getExtension<GroundedApi>('grounded-dev.grounded')!.activate();
  const [model] = await vscode.lm.selectChatModels({ vendor: 'fixture' });
  return { api, model, root: vscode.workspace.workspaceFolders![0].uri };
}
