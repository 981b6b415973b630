import { withRetry, type RetryOptions } from '../llm/retry';
import type { ChatMessage, IncompleteReason, Provider, ProviderEvent, ToolCall, ToolSpec } from '../llm/types';
import { detectCommand } from '../plans/commands';

export interface ReplyStreamOptions {
  provider: Provider;
  signal?: AbortSignal;
  retry?: RetryOptions;
  /** Receives the reply's text as it arrives (never a tool command's text). */
  emit: (delta: string) => void;
  /** When tools are on, a reply whose first line is `/command` is held back, not shown (seed 003). */
  holdCommands: boolean;
  /** Tools offered for native tool calling on this request. */
  tools?: ToolSpec[];
  toolChoice?: 'none';
  /** Token usage, summed over every reply of one question. */
  usage: { promptTokens?: number; completionTokens?: number };
}

export interface Reply {
  text: string;
  /** Native tool calls the model made (it may also have said something first, which was shown). */
  toolCalls: ToolCall[];
  /** The reply was shown to the user as it came. */
  shown: boolean;
  /** Set when the reply stopped short (no finish reason, or the output token limit). */
  incomplete?: IncompleteReason;
}

const add = (a: number | undefined, b: number | undefined) => (a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0));

/**
 * Gets one reply from the model, retrying rate limits and server errors before its first token,
 * and streams it to the user. With `holdCommands`, a reply whose first non-blank character is `/`
 * may be a tool command, so it is held and only shown at the end if it turns out not to be one
 * (`/usr/bin is…` is plain text); any other reply streams from its first character.
 */
export async function streamReply(messages: ChatMessage[], opts: ReplyStreamOptions): Promise<Reply> {
  const { provider } = opts;
  const opened = await withRetry(async () => {
    const it = provider.stream({ messages, tools: opts.tools, toolChoice: opts.toolChoice, signal: opts.signal })[Symbol.asyncIterator]();
    return { it, first: await it.next() };
  }, { ...opts.retry, signal: opts.signal });
  let text = '';
  const toolCalls: ToolCall[] = [];
  let incomplete: IncompleteReason | undefined;
  let mode: 'undecided' | 'stream' | 'hold' = opts.holdCommands ? 'undecided' : 'stream';
  const take = (ev: ProviderEvent) => {
    if (ev.type === 'tool_call') return void toolCalls.push({ id: ev.id, name: ev.name, arguments: ev.arguments });
    if (ev.type === 'incomplete') return void (incomplete = ev.reason);
    if (ev.type !== 'text') {
      opts.usage.promptTokens = add(opts.usage.promptTokens, ev.promptTokens);
      opts.usage.completionTokens = add(opts.usage.completionTokens, ev.completionTokens);
      return;
    }
    text += ev.text;
    if (mode === 'stream') return opts.emit(ev.text);
    if (mode === 'hold') return;
    const first = /\S/.exec(text);
    if (!first) return;
    mode = first[0] === '/' ? 'hold' : 'stream';
    if (mode === 'stream') opts.emit(text);
  };
  for (let r = opened.value.first; !r.done; r = await opened.value.it.next()) take(r.value);
  // A held reply that is neither a command nor a native call is shown after all.
  if (mode !== 'stream' && !toolCalls.length && !detectCommand(text)) {
    opts.emit(text);
    return { text, toolCalls, shown: true, incomplete };
  }
  return { text, toolCalls, shown: mode === 'stream', incomplete };
}
