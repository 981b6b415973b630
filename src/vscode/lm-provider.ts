import * as vscode from 'vscode';
import type { InputWindow } from '../engine/llm/input-window';
import { limitReply, type ReplyLimits } from '../engine/llm/reply-limits';
import { ProviderError, type ChatMessage, type Provider, type ProviderEvent, type ProviderRequest } from '../engine/llm/types';

const parseInput = (json: string): object => {
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
};

/**
 * A message for vscode.lm, which has no system role: the rules go first as a user message, as VS
 * Code's samples do. A native call is an assistant LanguageModelToolCallPart, its result a user
 * LanguageModelToolResultPart with the same call id (the stable API since 1.95).
 */
function toLmMessage(m: ChatMessage): vscode.LanguageModelChatMessage {
  if (m.role === 'tool')
    return vscode.LanguageModelChatMessage.User([new vscode.LanguageModelToolResultPart(m.toolCallId, [new vscode.LanguageModelTextPart(m.content)])]);
  if (m.role !== 'assistant') return vscode.LanguageModelChatMessage.User(m.content);
  if (!m.toolCall) return vscode.LanguageModelChatMessage.Assistant(m.content);
  const call = new vscode.LanguageModelToolCallPart(m.toolCall.id, m.toolCall.name, parseInput(m.toolCall.arguments));
  return vscode.LanguageModelChatMessage.Assistant(m.content ? [new vscode.LanguageModelTextPart(m.content), call] : [call]);
}

/** Maps a LanguageModelError (or anything else vscode.lm throws) to the engine's error kinds. */
function toProviderError(err: unknown, model: string): ProviderError {
  if (err instanceof vscode.LanguageModelError) {
    if (err.code === vscode.LanguageModelError.NoPermissions.name)
      return new ProviderError(
        'auth',
        `VS Code did not allow Grounded to use ${model}.`,
        'Allow Grounded to use the language model when VS Code asks, or pick another provider ("Grounded: Select Provider and Model").',
      );
    if (err.code === vscode.LanguageModelError.NotFound.name)
      return new ProviderError(
        'not_found',
        `The language model ${model} is not available.`,
        'Install or sign in to the extension that provides it, or pick another provider.',
      );
    if (err.code === vscode.LanguageModelError.Blocked.name)
      return new ProviderError('rate_limited', `${model} is blocked for now (quota or rate limit).`, 'Wait a moment and ask again.');
  }
  if (err instanceof vscode.CancellationError) return new ProviderError('cancelled', 'The request was cancelled.', 'Ask again when you are ready.');
  return new ProviderError('server', `${model} failed: ${(err as Error)?.message ?? String(err)}`, 'Try again, or pick another provider.');
}

/** VS Code's own language models (vscode.lm) behind the engine's Provider interface. */
export class VsCodeLmProvider implements Provider {
  readonly id = 'vscode-lm';
  readonly model: string;

  constructor(private readonly chatModel: vscode.LanguageModelChat, private readonly limits?: Partial<ReplyLimits>) {
    this.model = chatModel.name || chatModel.id;
  }

  /** The model's own input limit: a budget set above it is fitted under it rather than refused by the model. */
  async inputWindow(): Promise<InputWindow | undefined> {
    return this.chatModel.maxInputTokens > 0 ? { tokens: this.chatModel.maxInputTokens } : undefined;
  }

  /** The reply under the same idle timeout and deadline as every other provider (see limitReply). */
  stream(request: ProviderRequest): AsyncIterable<ProviderEvent> {
    return limitReply((signal) => this.reply({ ...request, signal }), { who: this.model, signal: request.signal, limits: this.limits });
  }

  private async *reply(request: ProviderRequest): AsyncIterable<ProviderEvent> {
    const messages = request.messages.map(toLmMessage);
    // The stable API has no "none" tool mode: a request that must answer in text offers no tools.
    const tools =
      request.tools?.length && request.toolChoice !== 'none'
        ? request.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.parameters }))
        : undefined;
    const cts = new vscode.CancellationTokenSource();
    // Stop means stop now: the next piece of a slow model is not awaited once the user stopped.
    let rejectAborted: (err: Error) => void = () => undefined;
    const aborted = new Promise<never>((_, reject) => { rejectAborted = reject; });
    aborted.catch(() => undefined);
    const onAbort = () => { cts.cancel(); rejectAborted(new vscode.CancellationError()); };
    if (request.signal?.aborted) onAbort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    let pieces: AsyncIterator<unknown> | undefined;
    const calls: ProviderEvent[] = [];
    try {
      const response = await Promise.race([
        this.chatModel.sendRequest(
          messages,
          { justification: 'Grounded answers questions about your workspace from its code.', ...(tools ? { tools } : {}) },
          cts.token,
        ),
        aborted,
      ]);
      pieces = response.stream[Symbol.asyncIterator]();
      for (;;) {
        const next = await Promise.race([pieces.next(), aborted]);
        if (next.done) break;
        const part = next.value;
        if (part instanceof vscode.LanguageModelTextPart) {
          if (part.value) yield { type: 'text', text: part.value };
        } else if (part instanceof vscode.LanguageModelToolCallPart) {
          calls.push({ type: 'tool_call', id: part.callId, name: part.name, arguments: JSON.stringify(part.input ?? {}) });
        }
      }
      if (request.signal?.aborted) throw new vscode.CancellationError();
      yield* calls;
    } catch (err) {
      throw toProviderError(err, this.model);
    } finally {
      request.signal?.removeEventListener('abort', onAbort);
      cts.dispose();
      void pieces?.return?.().catch(() => undefined);
    }
  }
}
