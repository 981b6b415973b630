import type { EngineSettings } from '../config/settings';
import { countTokens } from '../context/tokens';
import type { Provider } from '../llm/types';
import { MAX_TOOL_ROUNDS } from '../tools/tool-loop';
import { SYSTEM_PROMPT, toolRules } from './prompt';

/** Room kept in the window for the answer: a server that fills its window with the prompt cuts the answer short. */
export const ANSWER_RESERVE = 1024;

/**
 * Tokens are counted with tiktoken, the model counts with its own tokenizer (Llama's, Mistral's,
 * Qwen's), which can take a sixth more for the same code: the window is trusted to this share.
 */
const TOKENIZER_MARGIN = 0.85;

/** Role markers and message framing around the rules, the question and the context. */
const FRAMING = 64;

/** What one tool round can add to the prompt: a result of up to 8,000 characters of code, and the call. */
const TOOL_ROUND_TOKENS = 2300;

/** Less workspace context than this, and tool rounds are not worth their room: the window goes to the context. */
const MIN_CONTEXT_WITH_TOOLS = 1024;

export interface FittedBudget {
  settings: EngineSettings;
  /** False when the window cannot hold the tool rounds next to a useful context: the model answers from the context alone. */
  tools: boolean;
  /** Said above the answer when the window, not the setting, set the budget, and the user can widen it. */
  note?: string;
}

const n = (x: number) => x.toLocaleString('en-US');

/**
 * The budget for this question: `maxContextTokens`, or less when the model's input window cannot
 * hold that much next to Grounded's rules, the tool rounds and the answer. A prompt over the window
 * is not refused by such servers: they drop its start (the rules, the first files), so fitting it
 * is what keeps the answer grounded. History and the question are paid for out of the fitted
 * budget, as always.
 */
export async function fitBudgetToModel(s: EngineSettings, provider: Provider, withTools: boolean, signal?: AbortSignal): Promise<FittedBudget> {
  const window = await provider.inputWindow?.(signal).catch(() => undefined);
  if (!window) return { settings: s, tools: withTools };
  const usable = Math.floor((window.tokens - ANSWER_RESERVE) * TOKENIZER_MARGIN);
  const rules = countTokens(SYSTEM_PROMPT, s.encoding) + FRAMING;
  const withRounds = usable - rules - countTokens(toolRules(), s.encoding) - MAX_TOOL_ROUNDS * TOOL_ROUND_TOKENS;
  const tools = withTools && withRounds >= Math.min(MIN_CONTEXT_WITH_TOOLS, s.maxContextTokens);
  const room = Math.max(0, tools ? withRounds : usable - rules);
  if (room >= s.maxContextTokens) return { settings: s, tools };
  const settings = { ...s, maxContextTokens: room, maxFileTokens: Math.min(s.maxFileTokens, room) };
  if (!window.server) return { settings, tools };
  const which = window.assumed ? `its default ${n(window.tokens)}-token window` : `a ${n(window.tokens)}-token window`;
  return {
    settings,
    tools,
    note:
      `${window.server} gives ${provider.model} ${which}, so Grounded sends at most ${n(room)} tokens of workspace context ` +
      `(not ${n(s.maxContextTokens)})${withTools && !tools ? ' and no tools' : ''}. ` +
      (window.widen ? `For fuller answers, widen it: ${window.widen}.` : ''),
  };
}
