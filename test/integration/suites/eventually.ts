/**
 * Polls `check` until it holds or `ms` pass (the workbench reports tabs, editors and files to the
 * extension host asynchronously); returns the last answer. Not a suite: no .test.ts.
 */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (!(await check()) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  return check();
}
