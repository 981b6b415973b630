// INTERIM signature: the real pipeline (retrieval + mentions + provider + citation check) replaces it.
import type { EngineSettings } from '../config/settings';
import type { Provider } from '../llm/types';
import type { Logger } from '../telemetry/log';
import type { AnswerResult, AskRequest } from './types';

export interface AskDeps {
  provider?: Provider;
  settings?: Partial<EngineSettings>;
  logger?: Logger;
}

/** Answers a question about the workspace at `request.root`. */
export async function ask(_request: AskRequest, _deps: AskDeps = {}): Promise<AnswerResult> {
  throw new Error('ask() is not implemented in this build yet');
}
