/** Exit codes of the `grounded` CLI: a contract scripts rely on (documented in README.md). */
export const ExitCode = {
  /** Success; for `check-url`, the URL is allowed; for `plan check`, the plan is valid. */
  ok: 0,
  /** The thing checked failed: plan invalid, SQL refused, audit id not found. */
  failed: 1,
  /** Usage error: bad option, missing argument, missing folder. */
  usage: 2,
  /** `check-url`: the URL is blocked. */
  blocked: 3,
  /** Runtime error: provider authentication or request failure that has no fallback. */
  runtime: 4,
} as const;
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];
