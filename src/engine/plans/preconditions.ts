import { isInsideRelative } from '../workspace/contain';
import type { PathExplanation } from '../workspace/types';
import type { WorkspaceHost } from '../tools/host';
import { normalizeRelPath } from '../tools/paths';
import type { PlanStep } from './schema';
import { pickSymbol } from './splice';
import { readSplicePlan } from './splice-plan';
import { toolMutates, type ToolName } from '../tools/catalog';

/** What earlier steps of the same plan will have done, so later steps are checked against it. */
export interface PlanEffects {
  created: Set<string>;
  modified: Set<string>;
  stepIds: string[];
}

export const newPlanEffects = (): PlanEffects => ({ created: new Set(), modified: new Set(), stepIds: [] });

const fail = (text: string) => `Precondition failed: ${text}`;

/** Why a path is hidden, quoting the rule when there is one (e.g. `.gitignore:3: dist/`). */
function hiddenMessage(rel: string, ex: PathExplanation): string {
  if (ex.reason === 'outside-workspace') return fail(`path '${rel}' is outside the workspace`);
  const rule = ex.rule ? `${ex.rule.source}:${ex.rule.line}: ${ex.rule.pattern}` : undefined;
  const why = rule ? `ignored by ${rule}` : ex.detail ? `${ex.reason ?? 'hidden'}: ${ex.detail}` : (ex.reason ?? 'hidden');
  return fail(`'${rel}' is hidden from Grounded (${why})`);
}


async function symbolCheck(host: WorkspaceHost, file: string, symbol: string, kind?: string): Promise<string | undefined> {
  try {
    const picked = pickSymbol(await host.documentSymbols(file), file, symbol, kind);
    return typeof picked === 'string' ? fail(picked) : undefined;
  } catch (err) {
    return fail((err as Error).message);
  }
}

/** Every splice of a plan file names exactly one definition (files changed by earlier steps are checked when it runs). */
async function splicePlanCheck(host: WorkspaceHost, planFile: string, effects: PlanEffects): Promise<string | undefined> {
  try {
    for (const s of (await readSplicePlan(host, planFile)).splices) {
      const file = normalizeRelPath(host.root, s.file);
      if (effects.created.has(file) || effects.modified.has(file)) continue;
      if ((await host.stat(file)) !== 'file') return fail(`file '${file}' (in splice plan '${planFile}') does not exist`);
      const err = await symbolCheck(host, file, s.symbol, s.kind);
      if (err) return err;
    }
    return undefined;
  } catch (err) {
    return fail((err as Error).message.replace(/^splice_plan failed: /, ''));
  }
}

/** The model's free-text precondition, checked when it has a recognised form; other text is informational. */
async function modelPrecondition(step: PlanStep, path: string | undefined, host: WorkspaceHost, effects: PlanEffects): Promise<string | undefined> {
  const text = step.precondition?.trim();
  if (!text) return undefined;
  const stepRef = /^(?:step\s+)?['"]?([\w-]+)['"]?\s+(?:succeeded|completed|succeeds)$/i.exec(text);
  if (stepRef) {
    const id = stepRef[1];
    const candidates = [id, `step_${id}`];
    if (!candidates.some((c) => effects.stepIds.includes(c))) return fail(`'${text}' refers to step '${id}', which does not come before this step`);
    return undefined;
  }
  const sym = /^(?:file contains symbol|symbol)\s+['"`]([^'"`]+)['"`](?:\s+exists(?:\s+in file)?)?$/i.exec(text);
  if (sym && path && !effects.created.has(path) && !effects.modified.has(path)) return symbolCheck(host, path, sym[1]);
  return undefined;
}

/**
 * The mandatory preconditions of a step's tool (decided by our table, not by the model), then
 * the model's own precondition when it is one we can check. Returns messages in a fixed order.
 */
export async function checkStepPreconditions(
  step: PlanStep,
  tool: ToolName,
  args: Record<string, unknown>,
  host: WorkspaceHost,
  effects: PlanEffects,
): Promise<string[]> {
  const errors: string[] = [];
  const rawPath = (args.path ?? args.file ?? args.root) as string | undefined;
  const path = rawPath === undefined ? undefined : normalizeRelPath(host.root, rawPath);
  if (toolMutates(tool) && !host.isTrusted()) errors.push(fail('the workspace is not trusted; Grounded writes nothing in an untrusted workspace'));
  if (path !== undefined && !isInsideRelative(path)) return [...errors, fail(`path '${rawPath}' is outside the workspace`)];
  if (path !== undefined && path !== '.') {
    const ex = await host.explain(path);
    if (!ex.visible && ex.reason !== 'not-found' && !effects.created.has(path)) return [...errors, hiddenMessage(path, ex)];
    const kind = effects.created.has(path) ? 'file' : await host.stat(path);
    if (tool === 'file_create') {
      if (kind) errors.push(fail(`file '${path}' already exists`));
    } else if (tool === 'file_search' || tool === 'file_glob') {
      if (kind !== 'directory') errors.push(fail(`folder '${path}' does not exist`));
    } else if (tool === 'lsp_check') {
      if (!kind) errors.push(fail(`path '${path}' does not exist`));
    } else if (kind === 'directory') {
      errors.push(fail(`'${path}' is a folder, not a file`));
    } else if (!kind) {
      errors.push(fail(`file '${path}' does not exist`));
    }
  }
  if (errors.length) return errors;
  if (tool === 'splice_patch' && path && !effects.created.has(path) && !effects.modified.has(path)) {
    const err = await symbolCheck(host, path, String(args.symbol), args.kind as string | undefined);
    if (err) return [err];
  }
  // A plan file written by an earlier step is checked when it runs; one on disk is checked now.
  if (tool === 'splice_plan' && path && !effects.created.has(path) && !effects.modified.has(path)) {
    const err = await splicePlanCheck(host, path, effects);
    if (err) return [err];
  }
  const own = await modelPrecondition(step, path, host, effects);
  return own ? [own] : [];
}

/** Records what a validated step will do, for the checks of the steps after it. */
export function applyStepEffects(effects: PlanEffects, step: PlanStep, tool: ToolName, args: Record<string, unknown>, root: string): void {
  effects.stepIds.push(step.id);
  const raw = (args.path ?? args.file) as string | undefined;
  if (!raw || !toolMutates(tool)) return;
  const path = normalizeRelPath(root, raw);
  if (tool === 'file_create') effects.created.add(path);
  else effects.modified.add(path);
}
