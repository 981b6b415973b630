import * as vscode from 'vscode';
import type { AttachedContext } from '../../engine/ask/types';
import { attachedAt, reattach, type AttachedAt } from '../panel/reattach';
import { relativeTo } from './attachments';

/** The command behind a chat answer's Retry button: asks @grounded the same question, about the same code, again. */
export const RETRY_IN_CHAT = 'grounded.retryInChat';

/** What a Retry button carries: the text to send again and where the first request's attachments came from. */
export interface RetryArgs {
  prompt: string;
  command?: string;
  attached?: AttachedAt[];
}

type Reference = Pick<vscode.ChatPromptReference, 'range' | 'value'>;

/**
 * The prompt as it is sent again. `workbench.action.chat.open` only takes text, and a `#selection`
 * or `#file:…` in it would be resolved anew (to whatever is selected then, or to nothing), so each
 * reference written in the prompt is replaced by the place it named, as code (`src/a.ts#L3-9`):
 * the user sees what is asked about, and the lines themselves travel with the Retry (`takeRetry`).
 */
export function retryText(root: string, prompt: string, references: readonly Reference[]): string {
  const placed = references
    .filter((r): r is Reference & { range: [number, number] } => Array.isArray(r.range))
    .sort((a, b) => b.range[0] - a.range[0]);
  let text = prompt;
  for (const ref of placed) text = `${text.slice(0, ref.range[0])}${placeOf(root, ref.value)}${text.slice(ref.range[1])}`;
  return text.replace(/\s+/g, ' ').trim();
}

function placeOf(root: string, value: unknown): string {
  const uri = value instanceof vscode.Uri ? value : value instanceof vscode.Location ? value.uri : undefined;
  if (!uri) return '';
  const path = relativeTo(root, uri) ?? uri.path.split('/').pop() ?? '';
  if (!(value instanceof vscode.Location)) return `\`${path}\``;
  const end = value.range.end.character === 0 && value.range.end.line > value.range.start.line ? value.range.end.line : value.range.end.line + 1;
  return `\`${path}#L${value.range.start.line + 1}-${end}\``;
}

/** The Retry button of an answer: its text, its slash command and what was attached to it. */
export function retryButton(root: string, request: Pick<vscode.ChatRequest, 'prompt' | 'command' | 'references'>, attached: AttachedContext[]): vscode.Command {
  const args: RetryArgs = { prompt: retryText(root, request.prompt, request.references), command: request.command, attached: attachedAt(attached) };
  return { command: RETRY_IN_CHAT, title: 'Retry', arguments: [args] };
}

/** Attachments of the retries sent and not yet received, by the prompt @grounded will receive. */
const pending = new Map<string, AttachedAt[]>();

/**
 * The attachments a Retry sent along with `prompt`, read again as the editor shows them now (the
 * panel's rule): undefined when the request is not a Retry. A retry is taken once.
 */
export async function takeRetry(root: string, prompt: string): Promise<{ attached: AttachedContext[]; refused: string[] } | undefined> {
  const key = prompt.trim();
  const at = pending.get(key);
  if (!at) return undefined;
  pending.delete(key);
  return reattach(root, at);
}

/** Sends the question to @grounded in the chat view again (the stable `workbench.action.chat.open`). */
export function registerRetryInChat(): vscode.Disposable {
  return vscode.commands.registerCommand(RETRY_IN_CHAT, (arg: unknown) => {
    // A button of an answer restored from an earlier session carries the prompt alone.
    const args: RetryArgs | undefined = typeof arg === 'string' ? { prompt: arg } : isRetryArgs(arg) ? arg : undefined;
    if (!args) return undefined;
    if (args.attached?.length) pending.set(args.prompt.trim(), args.attached);
    const text = args.command ? `/${args.command} ${args.prompt}` : args.prompt;
    return vscode.commands.executeCommand('workbench.action.chat.open', { query: `@grounded ${text}` });
  });
}

const isRetryArgs = (v: unknown): v is RetryArgs => typeof v === 'object' && v !== null && typeof (v as RetryArgs).prompt === 'string';
