import { z } from 'zod';
import type { WorkspaceHost } from '../tools/host';
import { normalizeRelPath } from '../tools/paths';
import { proposeEdit, type ProposedEdit } from './edits';
import { offsetAt, pickSymbol } from './splice';

/**
 * A splice plan file (seed 004's `splice_plan(plan_file)`): several symbol replacements, in one or
 * more files, applied together. JSON: `{ "splices": [ { "file", "symbol", "kind"?, "with" } ] }`,
 * each entry exactly a `splice_patch`'s arguments.
 */
export const splicePlanFileSchema = z.strictObject({
  splices: z
    .array(z.strictObject({ file: z.string().min(1), symbol: z.string().min(1), kind: z.string().min(1).optional(), with: z.string() }))
    .min(1)
    .max(100),
});
export type SplicePlanFile = z.infer<typeof splicePlanFileSchema>;

/** Reads and checks a splice plan file; throws with the verbatim reason (`splice_plan failed: …`). */
export async function readSplicePlan(host: WorkspaceHost, planFile: string): Promise<SplicePlanFile> {
  const rel = normalizeRelPath(host.root, planFile);
  const text = await host.readText(rel);
  if (text === undefined) throw new Error(`splice_plan failed: plan file '${rel}' does not exist`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`splice_plan failed: plan file '${rel}' is not JSON (${(err as Error).message})`);
  }
  const parsed = splicePlanFileSchema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues.map((i) => `${i.path.join('.') || 'file'}: ${i.message}`).join('; ');
    throw new Error(`splice_plan failed: plan file '${rel}' is not a splice plan (${where}). Expected {"splices": [{"file", "symbol", "kind"?, "with"}]}`);
  }
  return parsed.data;
}

/**
 * The edits a splice plan makes, one per file, computed before anything is written: every symbol
 * is looked up in its file's current text (exactly one definition, as for splice_patch), two
 * splices of the same symbol or of overlapping spans are refused, and the replacements of one file
 * are applied from its end so earlier offsets stay valid. Any failure fails the whole plan.
 */
export async function proposeSplicePlan(host: WorkspaceHost, planFile: string): Promise<ProposedEdit[]> {
  const plan = await readSplicePlan(host, planFile);
  const byFile = new Map<string, SplicePlanFile['splices']>();
  for (const s of plan.splices) {
    const file = normalizeRelPath(host.root, s.file);
    byFile.set(file, [...(byFile.get(file) ?? []), s]);
  }
  const edits: ProposedEdit[] = [];
  for (const [file, splices] of byFile) {
    const text = await host.readText(file);
    if (text === undefined) throw new Error(`splice_plan failed: file '${file}' does not exist`);
    const symbols = await host.documentSymbols(file);
    const spans = splices.map((s) => {
      const picked = pickSymbol(symbols, file, s.symbol, s.kind);
      if (typeof picked === 'string') throw new Error(`splice_plan failed: ${picked}`);
      return { start: offsetAt(text, picked.range.start), end: offsetAt(text, picked.range.end), with: s.with, symbol: s.symbol };
    }).sort((a, b) => b.start - a.start);
    for (let i = 1; i < spans.length; i++) {
      if (spans[i].end > spans[i - 1].start) throw new Error(`splice_plan failed: '${spans[i].symbol}' and '${spans[i - 1].symbol}' overlap in '${file}'`);
    }
    let after = text;
    for (const span of spans) after = after.slice(0, span.start) + span.with + after.slice(span.end);
    edits.push(proposeEdit(file, text, after));
  }
  return edits;
}
