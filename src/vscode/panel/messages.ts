import { z } from 'zod';

/** Messages the webview may send; anything else is dropped (the webview is not trusted blindly). */
export const fromWebview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('ask'), question: z.string().trim().min(1).max(8000) }),
  z.object({ type: z.literal('openCitation'), path: z.string().min(1).max(1000).regex(/^[\w.@/-]+$/), startLine: z.number().int().positive(), endLine: z.number().int().positive() }),
  z.object({ type: z.literal('command'), command: z.enum(['grounded.setApiKey', 'grounded.selectModel', 'grounded.showVisibleFiles']) }),
  z.object({ type: z.literal('clear') }),
]);
export type FromWebview = z.infer<typeof fromWebview>;

const source = z.object({ path: z.string(), startLine: z.number(), endLine: z.number(), tokens: z.number(), origin: z.string(), cited: z.boolean() });

/** One exchange as the panel shows it; the answer is HTML rendered safely by the extension. */
export const turn = z.object({
  id: z.string(),
  question: z.string(),
  html: z.string(),
  done: z.boolean(),
  progress: z.string().optional(),
  sources: z.array(source),
  redactions: z.record(z.string(), z.number()),
  provider: z.string().optional(),
  note: z.string().optional(),
  error: z.object({ message: z.string(), suggestion: z.string() }).optional(),
});
export type PanelTurn = z.infer<typeof turn>;

/** Messages the extension sends; validated before posting so a bug cannot ship a malformed one. */
export const toWebview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state'), turns: z.array(turn), busy: z.boolean() }),
  z.object({ type: z.literal('turn'), turn }),
]);
export type ToWebview = z.infer<typeof toWebview>;
