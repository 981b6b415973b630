/**
 * The strict tool-command protocol (seed 003): a model reply is a command only when its first
 * line starts with `/name`. A `/` anywhere else is plain text; one command per reply.
 */
type Param = { type: 'string' | 'integer'; description: string };
const str = (description: string): Param => ({ type: 'string', description });
const int = (description: string): Param => ({ type: 'integer', description });

/**
 * The read-only tools an answer may use (seed 003), one entry each: the usage line of the text
 * protocol and the parameters of the native tool (the required ones first). The prompt, the
 * "unknown command" result and the native tool specs are all derived from this table.
 */
export const commandCatalog = {
  search: {
    usage: '/search <question or keywords>: ranked snippets from the workspace',
    params: { query: str('A question or keywords') },
    required: ['query'],
  },
  grep: {
    usage: '/grep <regular expression>: matching lines (RE2 syntax)',
    params: { pattern: str('A regular expression (RE2 syntax)') },
    required: ['pattern'],
  },
  read: {
    usage: '/read <path>#L<start>-<end>: lines of a file (the range is optional)',
    params: { path: str('Workspace-relative file path'), startLine: int('First line, 1-based (optional)'), endLine: int('Last line, inclusive (optional)') },
    required: ['path'],
  },
  symbols: {
    usage: '/symbols <path> [filter]: symbols defined in a file',
    params: { path: str('Workspace-relative file path'), filter: str('Only symbols whose name matches (optional)') },
    required: ['path'],
  },
  references: { usage: '/references <name>: where a symbol name is used', params: { name: str('A symbol name') }, required: ['name'] },
  memory_search: {
    usage: '/memory_search <words>: past questions and answers in this workspace',
    params: { words: str('Words to look for') },
    required: ['words'],
  },
  memory_sql: {
    usage: '/memory_sql, then a single SELECT on the next lines: read-only SQL over the memory',
    params: { sql: str("A single SELECT over the table 'messages'") },
    required: ['sql'],
  },
} satisfies Record<string, { usage: string; params: Record<string, Param>; required: string[] }>;

export type CommandName = keyof typeof commandCatalog;
export const commandNames = Object.keys(commandCatalog) as CommandName[];

export type DetectedCommand =
  /** `args`: the rest of the first line; `body`: the following lines (the SQL of /memory_sql). */
  | { kind: 'command'; name: CommandName; args: string; body: string }
  | { kind: 'unknown'; name: string }
  | { kind: 'invalid'; name: CommandName; reason: string };

/** True when `n` names a command of the catalog. */
export const isCommandName = (n: string): n is CommandName => Object.prototype.hasOwnProperty.call(commandCatalog, n);

/** A usage line per command (used in prompts and in the "unknown command" tool result). */
export const commandUsage = Object.fromEntries(commandNames.map((n) => [n, commandCatalog[n].usage])) as Record<CommandName, string>;

/** The text a model gets for an unknown command: the known ones. */
export function knownCommandsText(): string {
  return commandNames.map((n) => `- ${commandUsage[n]}`).join('\n');
}

/**
 * The SQL inside a fenced block (three backticks and a tag, blanks holding a newline, the text, the closing backticks
 * ending the body), else the body: `/^```[\w-]*\s*\n([\s\S]*?)\n?```\s*$/` read by hand, since that regex read the
 * rest of the body again for each newline of a blank run after an unclosed fence.
 */
function stripFence(body: string): string {
  const t = body.trim();
  const tag = /^```[\w-]*/.exec(t);
  if (!tag || !t.endsWith('```')) return t;
  let start = tag[0].length;
  let lastNewline = -1;
  for (; start < t.length && /\s/.test(t[start]); start++) if (t[start] === '\n') lastNewline = start;
  const end = t.length - 3;
  if (lastNewline < 0 || lastNewline >= end) return t;
  return t.slice(lastNewline + 1, t[end - 1] === '\n' && end - 1 > lastNewline ? end - 1 : end).trim();
}

/**
 * Detects a command in a model reply. Leading blank lines are allowed; any other text before
 * the `/` makes the reply plain text. `/usr/bin` or `//` are not commands (a name must be
 * letters, digits or `_`, followed by a space or the end of the line).
 */
export function detectCommand(reply: string): DetectedCommand | undefined {
  const text = reply.replace(/^\s*\n/, '').replace(/^[ \t]+/, '');
  const newline = text.indexOf('\n');
  const first = (newline < 0 ? text : text.slice(0, newline)).replace(/\r$/, '');
  // The blanks after the name are taken whole (a break `.` does not take after 100 K tabs cost each split of them).
  const m = /^\/([A-Za-z_][\w]*)(?:[ \t]+(?![ \t])(.*))?$/.exec(first);
  if (!m) return undefined;
  const name = m[1].toLowerCase();
  const args = (m[2] ?? '').trim();
  const body = newline < 0 ? '' : text.slice(newline + 1);
  if (!isCommandName(name)) return { kind: 'unknown', name };
  if (name === 'memory_sql') {
    const sql = stripFence(args ? `${args}\n${body}` : body);
    if (!sql) return { kind: 'invalid', name, reason: 'put the SQL on the lines after /memory_sql' };
    return { kind: 'command', name, args: '', body: sql };
  }
  if (!args) return { kind: 'invalid', name, reason: `missing argument: ${commandUsage[name]}` };
  return { kind: 'command', name, args, body: '' };
}

export interface ReadTarget {
  path: string;
  startLine?: number;
  endLine?: number;
}

/** Parses `/read` arguments: `path`, `path#L10`, `path#L1-40` (1-based, inclusive). */
export function parseReadTarget(args: string): ReadTarget | undefined {
  const m = /^(\S+?)(?:#L(\d+)(?:-L?(\d+))?)?$/.exec(args.trim());
  if (!m) return undefined;
  const start = m[2] ? Number(m[2]) : undefined;
  const end = m[3] ? Number(m[3]) : start;
  if (start !== undefined && (start < 1 || (end as number) < start)) return undefined;
  return { path: m[1], startLine: start, endLine: end };
}
