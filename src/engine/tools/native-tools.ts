import type { ToolCall, ToolSpec } from '../llm/types';
import { commandNames, commandUsage, type CommandName, type DetectedCommand } from './commands';

const str = (description: string) => ({ type: 'string', description });
const int = (description: string) => ({ type: 'integer', description });
const spec = (name: CommandName, properties: Record<string, unknown>, required: string[]): ToolSpec => ({
  name,
  description: commandUsage[name].slice(commandUsage[name].indexOf(': ') + 2),
  parameters: { type: 'object', properties, required },
});

/**
 * The read-only commands as native tools (seed 003), for providers with tool/function calling.
 * Schemas use only what OpenAI, Gemini and VS Code all accept: type, description, properties, required.
 */
export const nativeToolSpecs: ToolSpec[] = [
  spec('search', { query: str('A question or keywords') }, ['query']),
  spec('grep', { pattern: str('A regular expression (RE2 syntax)') }, ['pattern']),
  spec('read', { path: str('Workspace-relative file path'), startLine: int('First line, 1-based (optional)'), endLine: int('Last line, inclusive (optional)') }, ['path']),
  spec('symbols', { path: str('Workspace-relative file path'), filter: str('Only symbols whose name matches (optional)') }, ['path']),
  spec('references', { name: str('A symbol name') }, ['name']),
  spec('memory_search', { words: str('Words to look for') }, ['words']),
  spec('memory_sql', { sql: str("A single SELECT over the table 'messages'") }, ['sql']),
];

const isCommandName = (n: string): n is CommandName => (commandNames as readonly string[]).includes(n);

/** The argument each tool requires, as a string, and how it becomes the command's `args`/`body`. */
function toCommand(name: CommandName, input: Record<string, unknown>): DetectedCommand {
  const text = (key: string): string | undefined => (typeof input[key] === 'string' && (input[key] as string).trim() ? (input[key] as string).trim() : undefined);
  const missing = (key: string): DetectedCommand => ({ kind: 'invalid', name, reason: `missing argument '${key}' (a non-empty string)` });
  const command = (args: string, body = ''): DetectedCommand => ({ kind: 'command', name, args, body });
  switch (name) {
    case 'search': return text('query') ? command(text('query')!) : missing('query');
    case 'grep': return text('pattern') ? command(text('pattern')!) : missing('pattern');
    case 'references': return text('name') ? command(text('name')!) : missing('name');
    case 'memory_search': return text('words') ? command(text('words')!) : missing('words');
    case 'memory_sql': return text('sql') ? command('', text('sql')!) : missing('sql');
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
