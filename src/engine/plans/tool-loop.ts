import type { ChatMessage, Provider } from '../llm/types';
import type { Scrubber } from '../privacy/types';
import { detectCommand, knownCommandsText } from './commands';
import type { CommandResult, CommandToolset } from './command-tools';

export interface ToolLoopOptions {
  provider: Provider;
  /** The conversation so far (already scrubbed); tool rounds are appended to a copy. */
  messages: ChatMessage[];
  toolset: CommandToolset;
  /** Every tool result is scrubbed like all context before the model sees it. */
  scrubber: Scrubber;
  /** Tool rounds per question (default 3). */
  maxRounds?: number;
  signal?: AbortSignal;
  /** Called with each tool result (scrubbed) and the final answer, e.g. to keep them in memory. */
  record?: (role: 'assistant' | 'tool', content: string) => void;
}

export interface ToolLoopResult {
  /** The answer shown to the user: never contains a command line. */
  answer: string;
  rounds: number;
  toolCalls: Array<{ name: string; ok: boolean }>;
  /** The model asked for more tools than allowed and was told to answer without them. */
  limitReached: boolean;
  messages: ChatMessage[];
}

/** The message a tool result becomes: `🔧 TOOL RESULT — NAME`, the content, then `---`. */
export function formatToolResult(name: string, content: string): string {
  return `🔧 TOOL RESULT — ${name}\n\n${content.trimEnd()}\n\n---`;
}

export const answerWithoutToolsText = 'Tool limit reached: answer now from the tool results above, without any command.';

async function complete(provider: Provider, messages: ChatMessage[], signal?: AbortSignal): Promise<string> {
  let text = '';
  for await (const ev of provider.stream({ messages, signal })) if (ev.type === 'text') text += ev.text;
  return text;
}

function withoutCommandLine(reply: string): string {
  return detectCommand(reply) ? reply.replace(/^\s*[^\n]*\n?/, '').trim() : reply;
}

/**
 * Answers with read-only tools (seed 003): while the model's reply is a command (first line
 * `/name`), run it, append its scrubbed result and ask again; after `maxRounds` rounds the model
 * is told to answer without tools. Unknown or malformed commands get a result listing the known ones.
 */
export async function runToolLoop(opts: ToolLoopOptions): Promise<ToolLoopResult> {
  const maxRounds = opts.maxRounds ?? 3;
  const messages = [...opts.messages];
  const toolCalls: ToolLoopResult['toolCalls'] = [];
  const push = (role: ChatMessage['role'], text: string) => messages.push({ role, content: opts.scrubber.scrub(text).text });
  let limitReached = false;
  for (;;) {
    const reply = await complete(opts.provider, messages, opts.signal);
    const command = detectCommand(reply);
    if (!command || limitReached) {
      const answer = withoutCommandLine(reply);
      opts.record?.('assistant', answer);
      return { answer, rounds: toolCalls.length, toolCalls, limitReached, messages };
    }
    push('assistant', reply);
    if (toolCalls.length >= maxRounds) {
      limitReached = true;
      push('user', answerWithoutToolsText);
      continue;
    }
    let result: CommandResult;
    if (command.kind === 'command') result = await opts.toolset.run(command);
    else if (command.kind === 'unknown') result = { name: command.name.toUpperCase(), ok: false, content: `Error: unknown command /${command.name}. Known commands:\n${knownCommandsText()}` };
    else result = { name: command.name.toUpperCase(), ok: false, content: `Error: /${command.name}: ${command.reason}` };
    toolCalls.push({ name: result.name, ok: result.ok });
    const scrubbed = opts.scrubber.scrub(formatToolResult(result.name, result.content)).text;
    messages.push({ role: 'user', content: scrubbed });
    opts.record?.('tool', scrubbed);
  }
}
