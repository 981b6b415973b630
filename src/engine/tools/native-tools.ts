import type { ToolCall, ToolSpec } from '../llm/types';
import { commandCatalog, commandNames, isCommandName, type CommandName, type DetectedCommand } from './commands';

/**
 * The read-only commands as native tools (seed 003), for providers with tool/function calling,
 * derived from the command catalog. Schemas use only what OpenAI, Gemini and VS Code all accept:
 * type, description, properties, required.
 */
export const nativeToolSpecs: ToolSpec[] = commandNames.map((name) => {
  const { usage, params, required } = commandCatalog[name];
  return { name, description: usage.slice(usage.indexOf(': ') + 2), parameters: { type: 'object', properties: params, required } };
});

/** The argument each tool requires, as a string, and how it becomes the command's `args`/`body`. */
function toCommand(name: CommandName, input: Record<string, unknown>): DetectedCommand {
  const text = (key: string): string | undefined =>
    typeof input[key] === 'string' && (input[key] as string).trim() ? (input[key] as string).trim() : undefined;
  const missing = (key: string): DetectedCommand => ({ kind: 'invalid', name, reason: `missing argument '${key}' (a non-empty string)` });
  const command = (args: string, body = ''): DetectedCommand => ({ kind: 'command', name, args, body });
  switch (name) {
    case 'symbols': {
      const path = text('path');
      if (!path) return missing('path');
      return command(text('filter') ? `${path} ${text('filter')}` : path);
    }
    case 'read': {
      const path = text('path');
      if (!path) return missing('path');
      const line = (key: string) => (input[key] === undefined || input[key] === null ? undefined : Number(input[key]));
      const start = line('startLine');
      const end = line('endLine');
      for (const [key, v] of [['startLine', start], ['endLine', end]] as const) {
        if (v !== undefined && !(Number.isInteger(v) && v >= 1)) return { kind: 'invalid', name, reason: `'${key}' must be a whole number from 1` };
      }
      if (start === undefined && end === undefined) return command(path);
      const from = start ?? 1;
      if (end !== undefined && end < from) return { kind: 'invalid', name, reason: `'endLine' (${end}) is before 'startLine' (${from})` };
      // Only a start line: to the end of the file (the reader stops at the last line).
      return command(`${path}#L${from}-${end ?? Number.MAX_SAFE_INTEGER}`);
    }
    default: {
      // One string argument: the command's text (the SQL of /memory_sql goes in its body).
      const key = commandCatalog[name].required[0];
      const value = text(key);
      if (!value) return missing(key);
      return name === 'memory_sql' ? command('', value) : command(value);
    }
  }
}

/**
 * The command a native tool call stands for, run by the same toolset as the command protocol.
 * An unknown tool, arguments that are not a JSON object, or a missing argument become an
 * `unknown`/`invalid` command, whose error result the model reads like a malformed command's.
 */
export function commandFromToolCall(call: Pick<ToolCall, 'name' | 'arguments'>): DetectedCommand {
  const name = call.name.toLowerCase();
  if (!isCommandName(name)) return { kind: 'unknown', name };
  let input: unknown;
  try {
    input = call.arguments.trim() ? JSON.parse(call.arguments) : {};
  } catch {
    return { kind: 'invalid', name, reason: 'the arguments are not valid JSON' };
  }
  if (!input || typeof input !== 'object' || Array.isArray(input)) return { kind: 'invalid', name, reason: 'the arguments must be a JSON object' };
  return toCommand(name, input as Record<string, unknown>);
}
