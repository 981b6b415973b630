import { promises as fs } from 'node:fs';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './io';
import { allowedEdits, typoDistance } from '../engine/mentions/near-files';

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs with its errors turned into usage errors (exit 2 with the message). */
export function parseCommandArgs<O extends Options>(args: string[], options: O) {
  try {
    return parseArgs({ args, allowPositionals: true, strict: true, options });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const unknown = /^Unknown option '(--[^']+)'/.exec(message)?.[1];
    const hint = unknown ? didYouMean(unknown.split('=')[0], Object.keys(options).map((o) => `--${o}`)) : '';
    throw new UsageError(hint ? `Unknown option '${unknown}'.${hint}` : message);
  }
}

/**
 * ` Did you mean 'query'?`: the names within a few typos of `given` (as "Did you mean" counts them
 * for files), closest first; '' when none is near.
 */
export function didYouMean(given: string, names: readonly string[]): string {
  const near = names
    .map((n) => {
      const max = allowedEdits(n.replace(/^-+/, '').length);
      return { n, max, d: typoDistance(given, n, max) };
    })
    .filter((s) => s.d <= s.max)
    .sort((a, b) => a.d - b.d);
  return near.length ? ` Did you mean ${near.map((s) => `'${s.n}'`).join(' or ')}?` : '';
}

/** Resolves `--root` (default: the current folder) and fails clearly when it is not a folder. */
export async function resolveRootOption(value: string | undefined, cwd: string): Promise<string> {
  const root = path.resolve(cwd, value ?? '.');
  const st = await fs.stat(root).catch(() => undefined);
  if (!st) throw new UsageError(`the folder '${value ?? '.'}' does not exist. Pass an existing folder with --root DIR.`);
  if (!st.isDirectory()) throw new UsageError(`'${value ?? '.'}' is not a folder. Pass a folder with --root DIR.`);
  return root;
}

/** Parses a positive integer option such as `--max-tokens 4096`. */
export function positiveInt(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`--${name} must be a positive whole number, got '${value}'.`);
  return n;
}
