import type { AnswerResult, ConversationTurn } from '../../engine/ask/types';
import { ProviderError } from '../../engine/llm/types';
import { ExitCode } from '../exit-codes';
import type { CliIO } from '../io';

/** What `grounded query --chat` needs from the one-question path. */
export interface ChatSession {
  /** The question given on the command line, answered first. */
  first?: string;
  /** Answers one question with the turns so far (ask() scrubs them and fits them in the budget). */
  answer(question: string, history: ConversationTurn[]): Promise<AnswerResult>;
  /** Shows a model failure; the session goes on with the next question. */
  showError(err: ProviderError): void;
}

const EXIT_WORDS = new Set(['/exit', '/quit']);

/** Lines of standard input as they arrive: readline on a real process, the captured text in tests. */
async function* inputLines(io: CliIO): AsyncIterable<string> {
  if (io.readLines) {
    yield* io.readLines();
    return;
  }
  for (const line of (await io.readStdin()).split(/\r?\n/)) yield line;
}

/**
 * A multi-turn terminal session (seed 001's `--chat`): each line read is a question; earlier
 * questions and answers go with it as conversation history, scrubbed and inside the same
 * `max_context_tokens` budget as one-shot questions. `/exit`, `/quit` or end of input ends it.
 * A failed answer is shown and the session continues; the failed turn is not added to the history.
 */
export async function runChat(session: ChatSession, io: CliIO): Promise<number> {
  const history: ConversationTurn[] = [];
  let asked = 0;
  const interactive = io.interactive ?? false;
  io.stderr('Chat: ask a question per line; follow-ups see the earlier turns. /exit or Ctrl-D ends the session.\n');
  const turn = async (question: string) => {
    // A blank line between one answer's summary and the next answer.
    if (asked++) io.stdout('\n');
    try {
      const r = await session.answer(question, history);
      // A turn the model did not answer (its snippets were shown) is not part of the conversation.
      if (!r.modelError) history.push({ role: 'user', text: question }, { role: 'assistant', text: r.answer });
      else if (r.modelError.kind !== 'network') session.showError(new ProviderError(r.modelError.kind, r.modelError.message, r.modelError.suggestion));
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      session.showError(err);
    }
  };
  if (session.first) await turn(session.first);
  if (interactive) io.stderr('> ');
  for await (const raw of inputLines(io)) {
    const question = raw.trim();
    if (EXIT_WORDS.has(question.toLowerCase())) break;
    if (question) await turn(question);
    if (interactive) io.stderr('> ');
  }
  return ExitCode.ok;
}
