import { ProviderError, type ChatMessage, type Provider, type ToolCall, type ToolSpec } from '../llm/types';
import type { ScrubbedText, Scrubber } from '../privacy/types';
import { detectCommand, knownCommandsText, type DetectedCommand } from './commands';
import type { CommandResult, CommandToolset, ShownLines } from './command-tools';
import { commandFromToolCall, nativeToolSpecs } from './native-tools';

/** One whole model reply: its text and any native tool calls it made. */
export interface ModelReply {
  text: string;
  toolCalls: ToolCall[];
}

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
   * Tools offered for native tool calling (default `nativeToolSpecs`; `[]` for the command
   * protocol only). Never offered on the final "answer now" request.
   */
  tools?: ToolSpec[];
  /**
   * Gets one whole reply for the messages, offering `tools` natively when given; the default
   * collects the provider's stream. ask() passes one that streams a reply to the user as it
   * comes, unless its first line is a command.
   */
  complete?: (messages: ChatMessage[], tools: ToolSpec[] | undefined, toolChoice?: 'none') => Promise<ModelReply>;
  /** Told before each tool runs (the request and its round), e.g. to show progress; never the arguments' text in logs. */
  onToolCall?: (command: DetectedCommand, round: number) => void;
  /** Told of the file lines each tool result showed the model (scrubbed), which its answer may cite. */
  onLinesShown?: (lines: ShownLines) => void;
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

/** Tool rounds per question (seed 003). */
export const MAX_TOOL_ROUNDS = 3;

/** The message a tool result becomes: `🔧 TOOL RESULT — NAME`, the content, then `---`. */
export function formatToolResult(name: string, content: string): string {
  return `🔧 TOOL RESULT — ${name}\n\n${content.trimEnd()}\n\n---`;
}

export const answerWithoutToolsText = 'Tool limit reached: answer now from the tool results above, without any command.';

/** What the user reads when the model keeps sending commands after being told to answer: never an empty answer. */
export function toolLimitStoppedText(maxRounds: number): string {
  return `Grounded stopped after ${maxRounds} tool rounds without an answer; ask a narrower question.`;
}

async function complete(
  provider: Provider,
  messages: ChatMessage[],
  tools: ToolSpec[] | undefined,
  signal?: AbortSignal,
  toolChoice?: 'none',
): Promise<ModelReply> {
  const reply: ModelReply = { text: '', toolCalls: [] };
  for await (const ev of provider.stream({ messages, tools, toolChoice, signal })) {
    if (ev.type === 'text') reply.text += ev.text;
    else if (ev.type === 'tool_call') reply.toolCalls.push({ id: ev.id, name: ev.name, arguments: ev.arguments });
  }
  return reply;
}

interface Requested {
  command: DetectedCommand;
  /** The native call that runs (answered by a `tool` message). */
  call?: ToolCall;
  /** A native call made in the same reply as a `/command`, which took precedence: answered "not run". */
  overridden?: ToolCall;
  skipped: ToolCall[];
}

/**
 * The model's request in a reply. A command on the reply's first line takes precedence over native
 * calls in the same reply (seed 003); otherwise its first native call runs.
 */
function requested(reply: ModelReply): Requested | undefined {
  const command = detectCommand(reply.text);
  const [call, ...skipped] = reply.toolCalls;
  if (command) return { command, overridden: call, skipped: call ? skipped : [] };
  return call && { command: commandFromToolCall(call), call, skipped };
}

export const commandPrecedenceText = 'Not run: the /command on the first line of your reply takes precedence over a native tool call in the same reply.';

/**
 * Answers with read-only tools (seed 003). The model asks for a tool either natively (a
 * tool_call, where the provider supports it) or with the command protocol (first line
 * `/name`); both run the same toolset, and the result comes back scrubbed under the same
 * `🔧 TOOL RESULT — NAME` header: as a `tool` message answering the call, or as a user message.
 * One tool runs per round: of several native calls in one reply only the first runs, and its
 * result says which were not run. After `maxRounds` rounds a further request is not run: the
 * model is told once to answer, now without tools offered, and if it still asks for one the user
 * gets `toolLimitStoppedText` (stripping the command would leave nothing or a fragment). Unknown
 * tools and malformed commands or arguments get an error result listing the known ones. A
 * provider that refuses a request offering tools (HTTP 400, e.g. a local model without tool
 * support) is asked again without them, and the question continues on the command protocol.
 */
export async function runToolLoop(opts: ToolLoopOptions): Promise<ToolLoopResult> {
  const maxRounds = opts.maxRounds ?? MAX_TOOL_ROUNDS;
  const messages = [...opts.messages];
  const toolCalls: ToolLoopResult['toolCalls'] = [];
  const toolResults: ScrubbedText[] = [];
  const scrub = (text: string) => opts.scrubber.scrub(text).text;
  let tools = opts.tools ?? nativeToolSpecs;
  let limitReached = false;
  const finish = (answer: string, stoppedWithoutAnswer: boolean): ToolLoopResult => {
    opts.record?.('assistant', answer);
    return { answer, rounds: toolCalls.length, toolCalls, limitReached, stoppedWithoutAnswer, toolResults, messages };
  };
  const ask = async (offer: ToolSpec[] | undefined): Promise<ModelReply> => {
    const get = (t: ToolSpec[] | undefined, choice?: 'none') =>
      opts.complete ? opts.complete(messages, t, choice) : complete(opts.provider, messages, t, opts.signal, choice);
    // After the limit no tool may be called; where native calls are in the history, their
    // declarations stay (some APIs refuse calls they cannot match) with the choice "none".
    if (!offer?.length) return limitReached && messages.some((m) => m.role === 'tool') && tools.length ? get(tools, 'none') : get(undefined);
    try {
      return await get(offer);
    } catch (err) {
      if (!(err instanceof ProviderError && err.kind === 'bad_request') || messages.some((m) => m.role === 'tool')) throw err;
      tools = [];
      return get(undefined);
    }
  };
  /** Appends the model's turn and the result it gets: a `tool` message for a native call, else a user message. */
  const answerWith = (reply: ModelReply, req: Pick<Requested, 'call' | 'overridden'>, name: string, content: string): ScrubbedText => {
    const result = scrub(formatToolResult(name, content));
    const { call, overridden } = req;
    if (call) {
      messages.push({ role: 'assistant', content: scrub(reply.text), toolCall: call });
      messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: result });
    } else if (overridden) {
      // APIs refuse a native call left unanswered: it is answered "not run", the command's result follows.
      messages.push({ role: 'assistant', content: scrub(reply.text), toolCall: overridden });
      messages.push({
        role: 'tool',
        toolCallId: overridden.id,
        name: overridden.name,
        content: scrub(formatToolResult(overridden.name.toUpperCase(), commandPrecedenceText)),
      });
      messages.push({ role: 'user', content: result });
    } else {
      messages.push({ role: 'assistant', content: scrub(reply.text) });
      messages.push({ role: 'user', content: result });
    }
    return result;
  };
  for (;;) {
    const reply = await ask(limitReached ? undefined : tools);
    const req = requested(reply);
    if (!req) return finish(reply.text, false);
    const { command, call, skipped } = req;
    if (limitReached) return finish(toolLimitStoppedText(maxRounds), true);
    if (toolCalls.length >= maxRounds) {
      limitReached = true;
      if (call || req.overridden) answerWith(reply, req, command.name.toUpperCase(), `Not run. ${answerWithoutToolsText}`);
      else {
        messages.push({ role: 'assistant', content: scrub(reply.text) });
        messages.push({ role: 'user', content: scrub(answerWithoutToolsText) });
      }
      continue;
    }
    let result: CommandResult;
    opts.onToolCall?.(command, toolCalls.length + 1);
    if (command.kind === 'command') result = await opts.toolset.run(command, opts.scrubber);
    else if (command.kind === 'unknown')
      result = {
        name: command.name.toUpperCase(),
        ok: false,
        content: `Error: unknown ${call ? 'tool ' : 'command /'}${command.name}. Known commands:\n${knownCommandsText()}`,
      };
    else result = { name: command.name.toUpperCase(), ok: false, content: `Error: /${command.name}: ${command.reason}` };
    toolCalls.push({ name: result.name, ok: result.ok });
    const note = skipped.length
      ? `\n\n(Only one tool call runs per round; not run: ${skipped.map((c) => c.name).join(', ')}. Ask for it again if you still need it.)`
      : '';
    const scrubbed = answerWith(reply, req, result.name, result.content + note);
    if (result.lines) opts.onLinesShown?.({ ...result.lines, text: scrub(result.lines.text) });
    toolResults.push(scrubbed);
    opts.record?.('tool', scrubbed);
  }
}
