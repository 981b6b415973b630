import type { ProposedEdit } from '../../engine/plans/edits';
import type { AuthorizationDecision } from '../../engine/plans/executor';
import type { PlanStep } from '../../engine/plans/schema';

/** A queued answer: a fixed decision, or a function that looks at the workbench first (e.g. the open diff). */
export type TestApproval = AuthorizationDecision | ((step: PlanStep, edit: ProposedEdit | undefined) => AuthorizationDecision | Promise<AuthorizationDecision>);

/**
 * Answers to approval prompts for extension-host tests, consumed in order instead of asking the
 * user. Only read when the environment variable GROUNDED_TEST_HOOKS is '1', so a user's session
 * can never be answered by it.
 */
export const approvalsForTesting: TestApproval[] = [];

/** True when test hooks are enabled for this extension host. */
export function testHooksEnabled(): boolean {
  return process.env.GROUNDED_TEST_HOOKS === '1';
}

/** The next queued test answer, or undefined (ask the user). */
export function nextTestApproval(): TestApproval | undefined {
  return testHooksEnabled() ? approvalsForTesting.shift() : undefined;
}
