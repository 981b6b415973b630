import * as vscode from 'vscode';
import { cloudSpec, compatibleSpec } from '../engine/config/provider-endpoints';
import { checkKey } from '../engine/llm/connection-check';
import { KEY_NAMES, type KeyedProvider } from './keys';
import { KEY_HINT, type GroundedServices } from './services';
import { readSettings } from './settings';
import { currentCheckScope } from './status-bar';

/**
 * After "Set API Key": checks the key just stored (the provider's model list, or one small request
 * for GitHub Models) with a spinner in the status bar, not a modal wait, and says in one
 * notification whether it works, was rejected or could not be checked. The key itself is never
 * shown or logged; only the verdict is.
 */
export async function checkStoredKey(services: GroundedServices, p: KeyedProvider): Promise<void> {
  const name = KEY_NAMES[p];
  const key = await services.keys.get(p);
  if (!key) return;
  const s = readSettings();
  if (p === 'openai-compatible' && !s.baseUrl) {
    void vscode.window.showInformationMessage(`Grounded: the ${name} key is stored; it is checked once grounded.baseUrl names the server.`);
    return;
  }
  const model = s.provider === p ? s.model : '';
  const spec = p === 'openai-compatible' ? compatibleSpec(s.baseUrl, key, model, KEY_HINT, 'vscode') : cloudSpec(p, key, model, KEY_HINT, 'vscode');
  const { verdict, detail } = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: `Grounded: the ${name} key is stored; checking it…` },
    () => checkKey(spec),
  );
  services.logger.info('key.checked', { provider: p, verdict });
  // The status bar's warning follows the provider that answers; a check of another provider's key is not about it.
  const answering = (await services.resolveProvider().catch(() => undefined))?.provider;
  if (answering?.id === p) {
    services.lastCheck.record(await currentCheckScope(services, answering), {
      ok: verdict === 'valid', summary: verdict === 'valid' ? `the ${name} key works` : detail, kind: verdict === 'rejected' ? 'auth' : undefined,
    });
  }
  if (verdict === 'valid') return void vscode.window.showInformationMessage(`Grounded: the ${name} key is stored and works.`);
  const [text, button] =
    verdict === 'rejected'
      ? [`Grounded: the ${name} key is stored, but it was rejected: ${detail}`, 'Set API Key']
      : verdict === 'unreachable'
        ? [`Grounded: the ${name} key is stored, but it could not be checked: ${detail}`, 'Retry']
        : [`Grounded: the ${name} key is stored, but the check failed: ${detail}`, 'Retry'];
  const chosen = await vscode.window.showWarningMessage(text, button);
  if (chosen === 'Set API Key') void vscode.commands.executeCommand('grounded.setApiKey', p);
  if (chosen === 'Retry') void checkStoredKey(services, p);
}
