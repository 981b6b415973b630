import { existsSync } from 'node:fs';
import { defaultDatabasePath } from '../../engine/audit/store';
import { createProvider } from '../../engine/llm/factory';
import { ProviderError } from '../../engine/llm/types';
import type { RunStepView } from '../../engine/plans/run-explanation';
import { parsePlanValue } from '../../engine/plans/schema';
import { openWorkspaceSession } from '../../engine/session/workspace-session';
import { loadConfigOrUsageError } from '../config';
import { ExitCode } from '../exit-codes';
import { UsageError, type CliIO } from '../io';

/** A run's steps from the audit log: each execution's status and verbatim error, or its output. */
function stepsOf(steps: Array<{ execution: Record<string, unknown>; artifacts: Array<{ type: string; content: unknown }> }>): RunStepView[] {
  return steps.map(({ execution, artifacts }) => {
    const output = artifacts.find((a) => a.type === 'output')?.content;
    return {
      stepId: String(execution.step_id ?? '?'), tool: String(execution.tool), status: String(execution.status),
      error: execution.error_text ? String(execution.error_text) : undefined,
      output: output === undefined ? undefined : typeof output === 'string' ? output : JSON.stringify(output),
    };
  });
}

/**
 * `grounded plan explain ID`: the model explains a recorded run (a plan id or one of its
 * execution ids, from `grounded audit list`) and, when it failed, may propose a revised plan,
 * which is validated and printed (it is never run from here).
 */
export async function explainCommand(id: string, opts: { root: string; db?: string; json?: boolean }, io: CliIO): Promise<number> {
  const dbFile = opts.db ?? defaultDatabasePath(opts.root);
  if (!existsSync(dbFile)) throw new UsageError(`no audit log at ${dbFile}: run a plan first (in VS Code), or give --db`);
  const config = await loadConfigOrUsageError(opts.root, io.env);
  if (!config.provider)
    throw new UsageError(`explaining a run needs a model: ${config.unconfiguredReason ?? 'configure llm_provider in .agent/etc/query.yaml'}`);
  const session = openWorkspaceSession({
    root: opts.root,
    settings: () => config.settings,
    database: { file: dbFile },
    onStoreNotice: (n) => io.stderr(`warning: ${n}\n`),
  });
  try {
    const found = await session.reconstruct(id);
    if (!found?.plan) throw new UsageError(`no recorded plan run with id '${id}' (see grounded audit list)`);
    const plan = { ...parsePlanValue(found.plan.plan), id: found.plan.id };
    const steps = stepsOf(found.steps);
    if (!steps.length) throw new UsageError(`plan '${found.plan.id}' was never run: nothing to explain`);
    const status = steps.every((s) => s.status === 'succeeded') && steps.length === plan.steps.length ? 'completed' : 'failed';
    const r = await session.explainRun({ plan, status, steps, provider: createProvider(config.provider) });
    if (opts.json) {
      io.stdout(
        JSON.stringify(
          {
            planId: plan.id,
            status,
            explanation: r.explanation ?? null,
            rejected: r.rejected,
            revised: r.revised ? { plan: r.revised.plan, valid: r.revised.validation.valid, errors: r.revised.validation.issues.map((i) => i.message) } : null,
            revisedErrors: r.revisedErrors,
          },
          null,
          2,
        ) + '\n',
      );
    } else {
      io.stdout(r.explanation ? `${r.explanation}\n` : `The explanation was withheld:\n${r.rejected.join('\n')}\n`);
      if (r.revised) {
        const problems = r.revised.validation.issues.map((i) => i.message);
        io.stdout(
          `\nRevised plan ${r.revised.plan.id} ` +
            `(${problems.length ? `invalid:\n${problems.join('\n')}` : 'valid; it needs your authorization to run'}):\n${JSON.stringify(r.revised.plan, null, 2)}\n`,
        );
      }
      if (r.revisedErrors.length) io.stdout(`\nThe revised plan could not be read:\n${r.revisedErrors.join('\n')}\n`);
    }
    return r.explanation ? ExitCode.ok : ExitCode.failed;
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    io.stderr(`grounded plan explain: ${err.message}\n${err.suggestion}\n`);
    return ExitCode.runtime;
  } finally {
    session.dispose();
  }
}
