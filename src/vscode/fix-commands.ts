/** The commands that fix why a model did not answer, the same for chat and the panel. */
export type FixCommand = 'grounded.setApiKey' | 'grounded.selectModel' | 'grounded.showLogs' | 'grounded.showVisibleFiles';

/** What the fixes depend on: who answered, how the model failed, and whether anything was found at all. */
export interface FixableResult {
  provider?: string;
  modelError?: { kind: string };
  status?: string;
  context?: { filesSearched: number };
}

/**
 * Nothing found: no model would have found more, so no model buttons; with no readable file at
 * all, what Grounded can see. No model set up: a provider (the choice names a local server and
 * VS Code's models, which need no key), or a key. A key rejected: a key first. Any other failure:
 * another provider or model, or the logs. None when the model answered. (Retry is each surface's own.)
 */
export function fixCommands(result: FixableResult): FixCommand[] {
  if (result.status === 'no_context') return result.context?.filesSearched === 0 ? ['grounded.showVisibleFiles'] : [];
  if (!result.provider) return ['grounded.selectModel', 'grounded.setApiKey'];
  if (result.modelError?.kind === 'auth') return ['grounded.setApiKey', 'grounded.selectModel'];
  return result.modelError ? ['grounded.selectModel', 'grounded.showLogs'] : [];
}
