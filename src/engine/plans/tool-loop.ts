import type { ChatMessage, Provider } from '../llm/types';
import type { ScrubbedText, Scrubber } from '../privacy/types';
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
  /**
   * Gets one whole reply for the messages; the default collects the provider's stream. ask() passes
   * one that streams a reply to the user as it comes, unless its first line is a command.
   */
  complete?: (messages: ChatMessage[]) => Promise<string>;
  /** Told before each tool runs (its name and round), e.g. to show progress; never the arguments' text in logs. */
  onToolCall?: (name: string, round: number) => void;
}

export interface ToolLoopResult {
  /** The answer shown to the user: never contains a command line. */
  answer: string;
  rounds: number;
  toolCalls: Array<{ name: string; ok: boolean }>;
  /** The model asked for more tools than allowed and was told to answer without them. */
  limitReached: boolean;
  /** Even after that it sent a command: `answer` is the fixed `toolLimitStoppedText` instead. */
  stoppedWithoutAnswer: boolean;
  /** Each tool result as the model received it (scrubbed, with its header), in order: for memory. */
  toolResults: ScrubbedText[];
  messages: ChatMessage[];
}

/** The message a tool result becomes: `🔧 TOOL RESULT — NAME`, the content, then `---`. */
export function formatToolResult(name: string, content: string): string {
  return `🔧 TOOL RESULT — ${name}\n\n${content.trimEnd()}\n\n---`;
}

export const answerWithoutToolsText = 'Tool limit reached: answer now from the tool results above, without any command.';

/** What the user reads when the model keeps sending commands after being told to answer: never an empty answer. */
export function toolLimitStoppedText(maxRounds: number): string {
  return `Grounded stopped after ${maxRounds} tool rounds without an answer; ask a narrower question.`;
}

async function complete(provider: Provider, messages: ChatMessage[], signal?: AbortSignal): Promise<string> {
  let text = '';
  for await (const ev of provider.stream({ messages, signal })) if (ev.type === 'text') text += ev.text;
  return text;
}

/**
 * Answers with read-only tools (seed 003): while the model's reply is a command (first line
 * `/name`), run it, append its scrubbed result and ask again. After `maxRounds` rounds a further
 * command is not run: the model is told once to answer without tools, and if it still replies
 * with a command the user gets `toolLimitStoppedText` (stripping the command would leave nothing
 * or a fragment). Unknown or malformed commands get a result listing the known ones.
 */
export async function runToolLoop(opts: ToolLoopOptions): Promise<ToolLoopResult> {
  const maxRounds = opts.maxRounds ?? 3;
  const messages = [...opts.messages];
  const toolCalls: ToolLoopResult['toolCalls'] = [];
  const toolResults: ScrubbedText[] = [];
  const push = (role: ChatMessage['role'], text: string) => messages.push({ role, content: opts.scrubber.scrub(text).text });
  let limitReached = false;
  const finish = (answer: string, stoppedWithoutAnswer: boolean): ToolLoopResult => {
    opts.record?.('assistant', answer);
    return { answer, rounds: toolCalls.length, toolCalls, limitReached, stoppedWithoutAnswer, toolResults, messages };
  };
  for (;;) {
    const reply = opts.complete ? await opts.complete(messages) : await complete(opts.provider, messages, opts.signal);
    const command = detectCommand(reply);
    if (!command) return finish(reply, false);
    if (limitReached) return finish(toolLimitStoppedText(maxRounds), true);
    push('assistant', reply);
    if (toolCalls.length >= maxRounds) {
      limitReached = true;
      push('user', answerWithoutToolsText);
      continue;
    }
    let result: CommandResult;
    opts.onToolCall?.(command.name.toUpperCase(), toolCalls.length + 1);
    if (command.kind === 'command') result = await opts.toolset.run(command);
    else if (command.kind === 'unknown') result = { name: command.name.toUpperCase(), ok: false, content: `Error: unknown command /${command.name}. Known commands:\n${knownCommandsText()}` };
    else result = { name: command.name.toUpperCase(), ok: false, content: `Error: /${command.name}: ${command.reason}` };
    toolCalls.push({ name: result.name, ok: result.ok });
    const scrubbed = opts.scrubber.scrub(formatToolResult(result.name, result.content)).text;
    messages.push({ role: 'user', content: scrubbed });
    toolResults.push(scrubbed);
    opts.record?.('tool', scrubbed);
  }
}
