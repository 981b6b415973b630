// Kept apart from protocol.ts, which loads vscode-jsonrpc: the CLI reads these codes without it.

/** Error codes of a refused request: the CLI answers the question itself instead. */
export const RefusedCode = { otherFolder: -32010, otherSettings: -32011, otherProtocol: -32012 } as const;

/** Another server (a `grounded serve`, VS Code's index server of another window) answers for the folder already. */
export class AlreadyServingError extends Error {
  constructor(root: string, place: string) {
    super(`a resident server already answers for ${root} (${place})`);
  }
}
