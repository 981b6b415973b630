import { createHash } from 'node:crypto';
import type { AnswerResult, AttachedContext, ConversationTurn } from '../../engine/ask/types';
import * as vscode from 'vscode';
import type { BuiltContext } from '../../engine/context/types';
import { contextUse, describeCited, describeContextUse } from '../../engine/context/use-summary';
import { ProviderError } from '../../engine/llm/types';
import { describeHidden } from '../../engine/privacy/kind-labels';
import { runPlanRequest, type PlanFeatures } from '../plans';
import { RESTRICTED_NOTICE } from '../restricted';
import { providerName } from '../status-bar';
import type { GroundedServices } from '../services';
import { attachChecked, attachReferences, type CheckedAttachment } from './attachments';
import { explainTarget } from './explain-target';
import { ChatAnswerRenderer, withCodicons } from './answer-render';
import { registerOpenCitation } from './citation-link';
import { CHAT_HELP, MENTIONS_HELP } from './help';
import { fixButtons, followups, type AnswerMetadata } from './next-steps';
import { registerRetryInChat, retryButton, takeRetry } from './retry';
import { historyTurns } from './history';

export const PARTICIPANT_ID = 'grounded.chat';

/** What a chat answer reports back (kept in the response metadata for follow-ups and tests). */
export interface GroundedChatResult extends vscode.ChatResult {
  metadata?: AnswerMetadata;
}

/** What the participant answers with: the shared services and the plan features (for /plan). */
export interface ChatServices {
  services: GroundedServices;
  plans: PlanFeatures;
}

/** The parts of a ChatResponseStream the handler uses (the real stream, or a recorder in tests). */
export type ChatStream = Pick<vscode.ChatResponseStream, 'markdown' | 'progress' | 'reference' | 'button'>;

function footer(ctx: BuiltContext, result: Pick<AnswerResult, 'citations'>, provider?: string, modelFailed = false): string {
  const who = provider ? `Answered by ${provider}` : modelFailed ? 'The model did not answer: ranked snippets' : 'No model used: ranked snippets';
  // Tokens count what a model was sent; with no model nothing was.
  const use = contextUse(ctx, Boolean(provider) || modelFailed, provider ? result.citations : undefined);
  const cited = describeCited(use);
  const hidden = describeHidden(ctx.redactions, Boolean(provider) || modelFailed);
  return `\n\n---\n_${who} from ${describeContextUse(use)}${cited ? `; ${cited}` : ''}.${hidden ? ` ${hidden}` : ''}_`;
}

async function explainAttachment(root: string): Promise<(CheckedAttachment & { what?: string }) | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const target = await explainTarget(editor);
  return { ...(await attachChecked(root, editor.document, target.range, 'selection')), what: target.what };
}

/** The same lines attached twice (the editor's selection and a `#selection` reference) are sent once. */
function withoutCopiesOf(sel: AttachedContext, attached: AttachedContext[]): AttachedContext[] {
  return attached.filter((a) => !(a.path === sel.path && a.startLine >= sel.startLine && a.endLine <= sel.endLine));
}

/**
 * The @grounded handler: /help, /mentions and /plan answer directly; /ask (default) and /explain
 * retrieve, stream the answer with citations as links to their lines, attach every cited chunk as a reference,
 * and honour the stop button (the provider request is aborted).
 */
export async function handleChatRequest(
  { services, plans }: ChatServices,
  request: Pick<vscode.ChatRequest, 'prompt' | 'command' | 'references' | 'model'>,
  context: Pick<vscode.ChatContext, 'history'>,
  stream: ChatStream,
  token: vscode.CancellationToken,
): Promise<GroundedChatResult> {
  if (request.command === 'help') { stream.markdown(CHAT_HELP); return {}; }
  if (request.command === 'mentions') { stream.markdown(MENTIONS_HELP); return {}; }
  if (request.command === 'plan') {
    await runPlanRequest(plans, request.prompt, stream as vscode.ChatResponseStream, token, request.model);
    return { metadata: { command: 'plan' } };
  }
  const root = services.rootFor(vscode.window.activeTextEditor?.document.uri);
  if (!root) {
    stream.markdown('No folder is open. Open a folder, then ask again: Grounded answers from the code in it.');
    stream.button({ command: 'vscode.openFolder', title: 'Open Folder…' });
    return {};
  }

  // A Retry brings the first request's attachments along (its text names them, no longer refers to them).
  const again = await takeRetry(root, request.prompt);
  const { attached, refused } = again ?? (await attachReferences(root, request.references));
  let question = request.prompt.trim();
  if (request.command === 'explain') {
    const retried = again && attached.find((a) => a.origin === 'selection');
    const checked = retried ? { attached: retried, what: 'the same lines as before', refused: undefined } : await explainAttachment(root);
    const sel = checked?.attached;
    if (checked?.refused) refused.unshift(checked.refused);
    if (sel) {
      attached.splice(0, attached.length, sel, ...withoutCopiesOf(sel, attached));
      stream.markdown(`_Explaining ${checked?.what}: \`${sel.path}#L${sel.startLine}-${sel.endLine}\`._\n\n`);
    } else if (!attached.length) {
      stream.markdown(
        checked?.refused
          ? withCodicons(`$(warning) ${checked.refused}`)
          : 'Open a file to use `/explain` (it explains the selection, or the symbol at the cursor).',
      );
      return {};
    }
    question = question || `Explain what this code does: ${sel ? `${sel.path}#L${sel.startLine}-${sel.endLine}` : 'the attached file'}`;
  }
  if (!question) { stream.markdown(CHAT_HELP); return {}; }
  if (refused.length) stream.markdown(withCodicons(`${refused.map((r) => `- $(warning) ${r}`).join('\n')}\n\n`));
  // The chat shows the attachments of the retry's own request (none, or the current file): say which code was sent.
  if (again && request.command !== 'explain' && attached.length)
    stream.markdown(`_Asked again about the same code: ${attached.map((a) => `\`${a.path}#L${a.startLine}-${a.endLine}\``).join(', ')}._\n\n`);
  if (!vscode.workspace.isTrusted) stream.markdown(`_${RESTRICTED_NOTICE}_\n\n`);

  const history = historyTurns(context.history);
  const controller = new AbortController();
  const cancel = token.onCancellationRequested(() => controller.abort());
  const answer = new ChatAnswerRenderer(stream, root);
  let ctx: BuiltContext | undefined;
  try {
    const result = await services.ask({
      question, root, attached, history, conversationId: conversationIdOf(history, question), signal: controller.signal, requestModel: request.model,
      onEvent: (e) => {
        if (e.type === 'progress') stream.progress(e.message);
        else if (e.type === 'context') ctx = e.context;
        else if (e.type === 'segment') answer.render(e.segment);
        else if (e.type === 'retry')
          stream.progress(
            (`${e.reason === 'rate_limited' ? 'Rate limited' : `The server failed (${e.reason})`}: retrying ${e.attempt} of 5 in ` +
              `${Math.ceil(e.delayMs / 1000)} s…`),
          );
      },
    });
    for (const loc of answer.cited.values()) stream.reference(loc);
    const who = result.provider && !result.modelError ? `${providerName(result.provider)} (${result.model})` : undefined;
    if (ctx && result.status !== 'no_context') stream.markdown(footer(ctx, result, who, result.modelError !== undefined));
    // The answer's notice already said what went wrong, once; these are the ways to fix it.
    for (const b of fixButtons(result, retryButton(root, request, attached))) stream.button(b);
    const rephrasings = result.rephrasings?.length ? { rephrasings: result.rephrasings } : {};
    return { metadata: { queryId: result.queryId, cited: [...answer.cited.keys()], status: result.status, question, ...rephrasings } };
  } catch (err) {
    if (err instanceof ProviderError) {
      const retry = retryButton(root, request, attached);
      if (err.kind === 'cancelled') {
        stream.markdown('\n\n_Stopped._');
        stream.button(retry);
        return { metadata: { status: 'cancelled' } };
      }
      stream.markdown(`\n\n**${err.message}**\n\n${err.suggestion}`);
      if (err.kind === 'auth') stream.button({ command: 'grounded.setApiKey', title: 'Set an API key' });
      stream.button(retry);
      return { errorDetails: { message: err.message }, metadata: { status: err.kind } };
    }
    throw err;
  } finally {
    cancel.dispose();
  }
}

/** Registers @grounded in the chat panel. */
export function registerParticipant(context: vscode.ExtensionContext, chat: ChatServices): vscode.Disposable {
  const participant = vscode.chat.createChatParticipant(PARTICIPANT_ID, (request, chatContext, stream, token) =>
    handleChatRequest(chat, request, chatContext, stream, token),
  );
  participant.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'grounded.svg');
  participant.followupProvider = { provideFollowups: (result) => followups((result as GroundedChatResult).metadata, vscode.window.activeTextEditor) };
  return vscode.Disposable.from(participant, registerRetryInChat(), registerOpenCitation());
}

/**
 * The stable API gives a chat session no id, so a conversation is named by its first question:
 * every follow-up of one chat lands in the same memory conversation.
 */
function conversationIdOf(history: ConversationTurn[], question: string): string {
  const first = history.find((t) => t.role === 'user')?.text ?? question;
  return `chat-${createHash('sha256').update(first).digest('hex').slice(0, 16)}`;
}
