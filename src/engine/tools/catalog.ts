import { z } from 'zod';

/**
 * The plan tools and their argument schemas. Whether a tool modifies the workspace is decided by
 * this table, never by the model: a plan cannot mark `file_write` as read-only.
 */
const nonEmpty = z.string().min(1);

export const toolArgumentSchemas = {
  file_read: z.strictObject({ path: nonEmpty }),
  file_write: z.strictObject({ path: nonEmpty, contents: z.string() }),
  file_create: z.strictObject({ path: nonEmpty, contents: z.string() }),
  file_search: z.strictObject({ pattern: nonEmpty, root: nonEmpty.optional() }),
  file_glob: z.strictObject({ pattern: nonEmpty, root: nonEmpty.optional() }),
  splice_patch: z.strictObject({ file: nonEmpty, symbol: nonEmpty, kind: nonEmpty.optional(), with: z.string() }),
  // Seed 004: splice_plan(plan_file); the plan file is JSON {"splices": [splice_patch arguments…]}.
  splice_plan: z.strictObject({ file: nonEmpty }),
  // Seed 004 signs it symbols_in_file(pattern); `path` narrows it to one file.
  symbols_in_file: z.strictObject({ pattern: nonEmpty, path: nonEmpty.optional() }),
  references_to_symbol_name: z.strictObject({ name: nonEmpty }),
  references_from_file_to_symbol_name: z.strictObject({ file: nonEmpty, name: nonEmpty }),
  lsp_check: z.strictObject({ path: nonEmpty }),
} as const;

export type ToolName = keyof typeof toolArgumentSchemas;
export type ToolArguments<T extends ToolName> = z.infer<(typeof toolArgumentSchemas)[T]>;

interface ToolInfo {
  mutates: boolean;
  description: string;
  /** The argument naming the file a step is about (audit, Q4/Q6), if any. */
  pathArgument?: string;
}

export const toolTable: Record<ToolName, ToolInfo> = {
  file_read: { mutates: false, description: 'Read a file', pathArgument: 'path' },
  file_write: { mutates: true, description: 'Replace the contents of an existing file', pathArgument: 'path' },
  file_create: { mutates: true, description: 'Create a new file', pathArgument: 'path' },
  file_search: { mutates: false, description: 'Search file contents with a regular expression (RE2 syntax)' },
  file_glob: { mutates: false, description: 'List files matching a gitignore-style glob' },
  splice_patch: { mutates: true, description: "Replace exactly one symbol's definition (span-safe)", pathArgument: 'file' },
  splice_plan: {
    mutates: true,
    description: 'Apply a splice plan file ({"splices": [{file, symbol, kind?, with}]}): several symbol replacements, all or none',
    pathArgument: 'file',
  },
  symbols_in_file: {
    mutates: false,
    description: "Find symbol definitions whose name contains the pattern ('*' = all), in one file or every file",
    pathArgument: 'path',
  },
  references_to_symbol_name: { mutates: false, description: 'Find references to a symbol name' },
  references_from_file_to_symbol_name: { mutates: false, description: 'Find the references to a symbol name inside one file', pathArgument: 'file' },
  lsp_check: { mutates: false, description: 'Diagnostics for a path from the language features', pathArgument: 'path' },
};

/** Known tool names in a fixed order (the order used in every message that lists them). */
export const toolNames = Object.keys(toolArgumentSchemas) as ToolName[];

/** True when `name` is one of the plan tools. */
export function isToolName(name: string): name is ToolName {
  return Object.prototype.hasOwnProperty.call(toolArgumentSchemas, name);
}

/** True when the tool changes the workspace (decided by the table above). */
export function toolMutates(name: ToolName): boolean {
  return toolTable[name].mutates;
}

/** The workspace-relative file a step is about, when its tool has one. */
export function stepPath(tool: ToolName, args: Record<string, unknown>): string | undefined {
  const key = toolTable[tool].pathArgument;
  const value = key ? args[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

interface JsonSchemaLike {
  properties?: Record<string, { type?: string }>;
  required?: string[];
}

/**
 * A readable one-line schema derived from the zod schema, e.g.
 * `splice_patch { file: string (required), symbol: string (required), kind: string (optional), with: string (required) }`.
 */
export function toolSchemaText(tool: ToolName): string {
  const json = z.toJSONSchema(toolArgumentSchemas[tool]) as JsonSchemaLike;
  const required = new Set(json.required ?? []);
  const fields = Object.entries(json.properties ?? {}).map(
    ([key, prop]) => `${key}: ${prop.type ?? 'value'} (${required.has(key) ? 'required' : 'optional'})`,
  );
  return `${tool} { ${fields.join(', ')} }`;
}

/** The tool list for a prompt: one line per tool with its schema and whether it modifies files. */
export function toolCatalogText(): string {
  return toolNames
    .map((t) => `- ${toolSchemaText(t)}: ${toolTable[t].description}${toolTable[t].mutates ? ' [modifies files; needs confirmation]' : ''}`)
    .join('\n');
}
