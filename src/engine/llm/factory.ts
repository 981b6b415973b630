import type { ProviderSpec } from '../config/query-config';
import { GeminiProvider } from './gemini-provider';
import { OpenAIChatProvider } from './openai-provider';
import type { Provider } from './types';

/** The provider a spec names: OpenAI, GitHub Models and OpenAI-compatible servers share one SDK; Gemini has its own. */
export function createProvider(spec: ProviderSpec): Provider {
  if (spec.kind === 'gemini') {
    const { model, baseUrl, keyHint, surface, replyLimits } = spec;
    return new GeminiProvider({ model, apiKey: spec.apiKey ?? '', baseUrl, keyHint, surface, replyLimits });
  }
  return new OpenAIChatProvider({
    id: spec.kind,
    model: spec.model,
    apiKey: spec.apiKey,
    baseUrl: spec.baseUrl,
    keyHint: spec.keyHint,
    surface: spec.surface,
    replyLimits: spec.replyLimits,
  });
}
