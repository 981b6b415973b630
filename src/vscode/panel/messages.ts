import { z } from 'zod';

/** A workspace-relative POSIX path as citations write it: no `..` segment, not absolute, no backslash or drive. */
export const relativeCitationPath = z
  .string()
  .min(1)
  .max(1000)
  .regex(/^[\w.@/-]+$/)
  .refine(
    (p) => !p.startsWith('/') && !p.split('/').some((seg) => seg === '..' || seg === '.' || seg === ''),
    'must be a workspace-relative path without . or .. segments',
  );

/** Commands the webview may ask for (its buttons); nothing else can be run from it. */
export const WEBVIEW_COMMANDS = ['grounded.setApiKey', 'grounded.selectModel', 'grounded.showVisibleFiles', 'grounded.showLogs', 'vscode.openFolder'] as const;

/** The longest `@token` the webview asks completions for. */
export const MAX_PREFIX = 200;

/** Messages the webview may send; anything else is dropped (the webview is not trusted blindly). */
export const fromWebview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('ask'), question: z.string().trim().min(1).max(8000) }),
  z.object({ type: z.literal('stop') }),
  z.object({
    type: z.literal('openCitation'),
    turn: z.string().max(100).optional(),
    path: relativeCitationPath,
    startLine: z.number().int().positive(),
    endLine: z.number().int().positive(),
  }),
  /** `turn`: the answer whose button it was (a model set up from there offers that question again). */
  z.object({ type: z.literal('command'), command: z.enum(WEBVIEW_COMMANDS), turn: z.string().max(100).optional() }),
  z.object({ type: z.literal('clear') }),
  /** Bring back what the last Clear removed (offered until the next question). */
  z.object({ type: z.literal('undoClear') }),
  /** A code block's Copy button: the text goes to the system clipboard through VS Code. */
  z.object({ type: z.literal('copy'), text: z.string().max(1_000_000) }),
  /** Ask again a question the model did not answer, or one whose answer was stopped. */
  z.object({ type: z.literal('retry'), turn: z.string().max(100) }),
  /** The `@token` being typed (without the `@`), for the completion list; answered with `completions`. */
  z.object({ type: z.literal('complete'), prefix: z.string().max(MAX_PREFIX), requestId: z.number().int().nonnegative() }),
]);
export type FromWebview = z.infer<typeof fromWebview>;

const source = z.object({ path: z.string(), startLine: z.number(), endLine: z.number(), tokens: z.number(), origin: z.string(), cited: z.boolean() });

/** One exchange as the panel shows it; the answer is HTML rendered safely by the extension. */
export const turn = z.object({
  id: z.string(),
  question: z.string(),
  /** What the question was asked about (a selection, a file), shown under it: the answer is about these lines. */
  attachedAt: z.array(z.object({ path: z.string(), startLine: z.number(), endLine: z.number(), origin: z.string() })).optional(),
  html: z.string(),
  done: z.boolean(),
  progress: z.string().optional(),
  sources: z.array(source),
  /** What the sources came from: the budget and how much went out, what did not fit, files searched, where (engine ContextUse). */
  use: z
    .object({
      excerpts: z.number(), files: z.number(), tokens: z.number(), maxTokens: z.number(), dropped: z.number(), searched: z.number(),
      within: z.array(z.string()).optional(), indexing: z.object({ indexed: z.number(), total: z.number() }).optional(),
      cited: z.number().optional(), sent: z.boolean(),
    })
    .optional(),
  redactions: z.record(z.string(), z.number()),
  provider: z.string().optional(),
  /** What was searched: the folders an `@folder/` kept the search to, else every folder of a window that has several. */
  folder: z.string().optional(),
  /** Why the answer is snippets (the model failed), shown with it; no model configured is said by the answer itself. */
  note: z.string().optional(),
  /** False when no model was asked: the snippets were shown here and nothing left the machine. */
  sent: z.boolean().optional(),
  /** The restricted-mode notice, shown in an untrusted workspace (together with `note`). */
  restricted: z.string().optional(),
  /** The user stopped this answer (the Stop button, Escape, or a new question). */
  stopped: z.boolean().optional(),
  /** Buttons under the answer, e.g. "Set API key" when no model answered. */
  actions: z.array(z.enum(WEBVIEW_COMMANDS)).optional(),
  /** The model did not answer this question: a Retry button asks it again. */
  retryable: z.boolean().optional(),
  /** A mention was not found: the question asked again with each path it may have meant, one button each. */
  rephrasings: z.array(z.object({ mention: z.string().max(1100), question: z.string().max(9000) })).max(9).optional(),
  error: z.object({ message: z.string(), suggestion: z.string() }).optional(),
});
export type PanelTurn = z.infer<typeof turn>;

/** One @mention suggestion: the label shown, the text that replaces the typed `@token`, a hint. */
const completion = z.object({
  label: z.string().min(1).max(1000),
  insert: z.string().min(2).max(1010).startsWith('@'),
  detail: z.string().max(100).optional(),
});
export type Completion = z.infer<typeof completion>;

/** Messages the extension sends; validated before posting so a bug cannot ship a malformed one. */
export const toWebview = z.discriminatedUnion('type', [
  /** `cleared`: how many turns the last Clear removed that Undo would bring back. */
  z.object({ type: z.literal('state'), turns: z.array(turn), busy: z.boolean(), cleared: z.number().int().positive().optional() }),
  z.object({ type: z.literal('turn'), turn, busy: z.boolean() }),
  /** Whether a model answers: the empty view says when none is set up ('missing') or none was chosen ('none'). */
  z.object({ type: z.literal('model'), state: z.enum(['ready', 'missing', 'none']) }),
  z.object({ type: z.literal('completions'), requestId: z.number().int().nonnegative(), items: z.array(completion).max(20) }),
]);
export type ToWebview = z.infer<typeof toWebview>;
