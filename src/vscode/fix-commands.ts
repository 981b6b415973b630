/** The commands that fix why a model did not answer, the same for chat and the panel. */
export type FixCommand = 'grounded.setApiKey' | 'grounded.selectModel' | 'grounded.showLogs';

/**
 * No model set up: a provider (the choice names a local server and VS Code's models, which need no
 * key), or a key. A key rejected: a key first. Any other failure: another provider or model, or the
 * logs. None when the model answered. (Retry is each surface's own.)
 */
export function fixCommands(result: { provider?: string; modelError?: { kind: string } }): FixCommand[] {
  if (!result.provider) return ['grounded.selectModel', 'grounded.setApiKey'];
  if (result.modelError?.kind === 'auth') return ['grounded.setApiKey', 'grounded.selectModel'];
  return result.modelError ? ['grounded.selectModel', 'grounded.showLogs'] : [];
}
