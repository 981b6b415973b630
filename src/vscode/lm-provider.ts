import * as vscode from 'vscode';
import { ProviderError, type Provider, type ProviderEvent, type ProviderRequest } from '../engine/llm/types';

/** Maps a LanguageModelError (or anything else vscode.lm throws) to the engine's error kinds. */
function toProviderError(err: unknown, model: string): ProviderError {
  if (err instanceof vscode.LanguageModelError) {
    if (err.code === vscode.LanguageModelError.NoPermissions.name) return new ProviderError('auth', `VS Code did not allow Grounded to use ${model}.`, 'Allow Grounded to use the language model when VS Code asks, or pick another provider ("Grounded: Select Provider and Model").');
    if (err.code === vscode.LanguageModelError.NotFound.name) return new ProviderError('not_found', `The language model ${model} is not available.`, 'Install or sign in to the extension that provides it, or pick another provider.');
    if (err.code === vscode.LanguageModelError.Blocked.name) return new ProviderError('rate_limited', `${model} is blocked for now (quota or rate limit).`, 'Wait a moment and ask again.');
  }
  if (err instanceof vscode.CancellationError) return new ProviderError('cancelled', 'The request was cancelled.', 'Ask again when you are ready.');
  return new ProviderError('server', `${model} failed: ${(err as Error)?.message ?? String(err)}`, 'Try again, or pick another provider.');
}

/** VS Code's own language models (vscode.lm) behind the engine's Provider interface. */
export class VsCodeLmProvider implements Provider {
  readonly id = 'vscode-lm';
  readonly model: string;

  constructor(private readonly chatModel: vscode.LanguageModelChat) {
    this.model = chatModel.name || chatModel.id;
  }

  async *stream(request: ProviderRequest): AsyncIterable<ProviderEvent> {
    // vscode.lm has no system role: the rules go first as a user message, as VS Code's samples do.
    const messages = request.messages.map((m) => (m.role === 'assistant' ? vscode.LanguageModelChatMessage.Assistant(m.content) : vscode.LanguageModelChatMessage.User(m.content)));
    const cts = new vscode.CancellationTokenSource();
    // Stop means stop now: the next piece of a slow model is not awaited once the user stopped.
    let rejectAborted: (err: Error) => void = () => undefined;
    const aborted = new Promise<never>((_, reject) => { rejectAborted = reject; });
    aborted.catch(() => undefined);
    const onAbort = () => { cts.cancel(); rejectAborted(new vscode.CancellationError()); };
    if (request.signal?.aborted) onAbort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    let pieces: AsyncIterator<string> | undefined;
    try {
      const response = await Promise.race([this.chatModel.sendRequest(messages, { justification: 'Grounded answers questions about your workspace from its code.' }, cts.token), aborted]);
      pieces = response.text[Symbol.asyncIterator]();
      for (;;) {
        const next = await Promise.race([pieces.next(), aborted]);
        if (next.done) break;
        if (next.value) yield { type: 'text', text: next.value };
      }
      if (request.signal?.aborted) throw new vscode.CancellationError();
    } catch (err) {
      throw toProviderError(err, this.model);
    } finally {
      request.signal?.removeEventListener('abort', onAbort);
      cts.dispose();
      void pieces?.return?.().catch(() => undefined);
    }
  }
}
