import { defaultSettings } from '../engine/config/settings';
import * as vscode from 'vscode';
import type { EngineSettings } from '../engine/config/settings';
import type { LogLevelSetting } from '../engine/telemetry/log-level';
import type { DiscoveryOptions } from '../engine/workspace/types';
import type { ProviderSetting } from '../engine/config/provider-endpoints';

export type ProviderChoice = ProviderSetting;

export interface GroundedSettings {
  provider: ProviderChoice;
  model: string;
  baseUrl: string;
  engine: Partial<EngineSettings>;
  logLevel: LogLevelSetting;
  /** `grounded.memory.keepAnswers`: keep answered turns in `.agent/state/` (off: nothing is written there). */
  keepAnswers: boolean;
}

/**
 * grounded.baseUrl from the user's (or remote machine's) settings only. The setting is
 * machine-scoped, so VS Code already ignores a workspace value; reading the user value explicitly
 * keeps a repository's .vscode/settings.json from choosing where questions (and keys) go even if
 * the scope were changed.
 */
function userBaseUrl(c: vscode.WorkspaceConfiguration): string {
  const v = c.inspect<string>('baseUrl');
  return (v?.globalValue ?? v?.defaultValue ?? '').trim();
}

/** The `grounded.*` settings of a folder (or the window), read fresh on every request. */
export function readSettings(scope?: vscode.Uri): GroundedSettings {
  const c = vscode.workspace.getConfiguration('grounded', scope);
  return {
    provider: c.get<ProviderChoice>('provider', 'auto'),
    model: c.get<string>('model', '').trim(),
    baseUrl: userBaseUrl(c),
    engine: {
      maxContextTokens: c.get<number>('maxContextTokens', 8192),
      maxFileTokens: c.get<number>('maxFileTokens', 4096),
      maxFileBytes: c.get<number>('maxFileSize', 1024 * 1024),
      extraIgnore: c.get<string[]>('extraIgnore', []),
      excludedFolders: c.get<string[]>('excludedFolders', defaultSettings.excludedFolders),
      encoding: c.get<string>('encoding', defaultSettings.encoding),
    },
    logLevel: c.get<GroundedSettings['logLevel']>('logLevel', 'info'),
    keepAnswers: c.get<boolean>('memory.keepAnswers', true),
  };
}

/** What a folder's settings hide from Grounded (extra ignore globs, size limit), for discovery and checks. */
export function discoveryFor(root: string): DiscoveryOptions {
  const s = readSettings(vscode.Uri.file(root)).engine;
  return { root, extraIgnore: s.extraIgnore, excludedFolders: s.excludedFolders, maxFileBytes: s.maxFileBytes };
}
