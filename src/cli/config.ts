import { ConfigError, loadQueryConfig } from '../engine/config/query-config';
import { UsageError } from './io';

/** The workspace's query.yaml for a CLI command: a bad file is a usage error (exit 2) naming the key. */
export async function loadConfigOrUsageError(root: string, env: NodeJS.ProcessEnv = {}): ReturnType<typeof loadQueryConfig> {
  try {
    return await loadQueryConfig(root, env);
  } catch (err) {
    if (err instanceof ConfigError) throw new UsageError(`${err.message} ${err.suggestion}`);
    throw err;
  }
}
