// Types for setup.mjs.
export const CODE_SERVER_VERSION: string;
export const codeServerPrefix: string;
export const codeServerEntry: string;
export const chromiumPath: string;
export class SetupError extends Error {
  constructor(message: string, suggestion: string);
}
export function codeServerWorks(): boolean;
export function ensureVsCodeSetup(): Promise<number>;
