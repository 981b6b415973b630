/** The engine's tunables, shared by the CLI (.agent/etc/query.yaml, flags) and the extension (settings). */
export interface EngineSettings {
  /** Total token budget of the context sent to a model. */
  maxContextTokens: number;
  /** Cap per file (a larger file is truncated and its chunk marker says so). */
  maxFileTokens: number;
  /** tiktoken encoding name. */
  encoding: string;
  /** Files larger than this are skipped by retrieval. */
  maxFileBytes: number;
  /** Extra gitignore-syntax patterns hidden from the assistant. */
  extraIgnore: string[];
  /** Folder names never searched (in addition to .git). */
  excludedFolders: string[];
}

export const defaultSettings: EngineSettings = {
  maxContextTokens: 8192,
  maxFileTokens: 4096,
  encoding: 'o200k_base',
  maxFileBytes: 1024 * 1024,
  extraIgnore: [],
  excludedFolders: [
    'node_modules',
    'bower_components',
    '.venv',
    'venv',
    '__pycache__',
    '.tox',
    'dist',
    'build',
    'out',
    'target',
    '.next',
    '.cache',
    'coverage',
    '.vscode-test',
  ],
};

/** Fills unset fields from the defaults. */
export function resolveSettings(partial: Partial<EngineSettings> = {}): EngineSettings {
  const out = { ...defaultSettings };
  for (const [k, v] of Object.entries(partial)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}
