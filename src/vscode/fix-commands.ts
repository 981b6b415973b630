import type { ProviderSetting } from '../engine/config/provider-endpoints';

/** The commands that fix why a model did not answer, the same for chat and the panel. */
export type FixCommand = 'grounded.setApiKey' | 'grounded.selectModel' | 'grounded.showLogs' | 'grounded.showVisibleFiles';

/** What the fixes depend on: who answered, how the model failed, and whether anything was found at all. */
export interface FixableResult {
  provider?: string;
  modelError?: { kind: string };
  status?: string;
  context?: { filesSearched: number };
}

/** The providers whose only way to answer is a stored key (a compatible server's key is optional). */
const KEYED: readonly ProviderSetting[] = ['openai', 'gemini', 'gh'];

/**
 * The buttons when no model was set up, by what the provider setting asks for. "none" was chosen on
 * purpose: nothing to fix. A keyed provider: its missing key. VS Code's models or a compatible server:
 * no key is missing, so only the choice. `auto` found nothing: a provider, or a key (its first answer
 * names both ways).
 */
function noModelFixes(setting: ProviderSetting | undefined): FixCommand[] {
  if (setting === 'none') return [];
  if (setting && KEYED.includes(setting)) return ['grounded.setApiKey', 'grounded.selectModel'];
  if (setting === 'vscode-lm' || setting === 'openai-compatible') return ['grounded.selectModel'];
  return ['grounded.selectModel', 'grounded.setApiKey'];
}

/**
 * Nothing found: no model would have found more, so no model buttons; with no readable file at
 * all, what Grounded can see. No model set up: what the provider setting lacks (noModelFixes).
 * A key rejected: a key first. Any other failure: another provider or model, or the logs. None when
 * the model answered. (Retry is each surface's own.)
 */
export function fixCommands(result: FixableResult, setting?: ProviderSetting): FixCommand[] {
  if (result.status === 'no_context') return result.context?.filesSearched === 0 ? ['grounded.showVisibleFiles'] : [];
  if (!result.provider) return noModelFixes(setting);
  if (result.modelError?.kind === 'auth') return ['grounded.setApiKey', 'grounded.selectModel'];
  return result.modelError ? ['grounded.selectModel', 'grounded.showLogs'] : [];
}

/** The fixes' button titles in chat and in the status bar's "what failed" notice. */
export const FIX_TITLES: Record<FixCommand, string> = {
  'grounded.setApiKey': 'Set an API key',
  'grounded.selectModel': 'Choose provider and model',
  'grounded.showLogs': 'Show logs',
  'grounded.showVisibleFiles': 'Show what Grounded can see',
};
