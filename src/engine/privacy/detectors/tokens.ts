import { decodeBase64Url } from '../checks';
import { findByRules, type Detector, type PatternRule } from '../detector';

// Provider tokens recognised by their documented prefixes. Each pattern starts with a literal,
// and every repetition is bounded, so matching stays linear on any input.
// `(?<![\w-])` / `(?![\w-])` stand in for \b where tokens may contain `-`.

function hasDigitAndMixedCase(value: string): boolean {
  return /\d/.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value);
}

function isJwt(value: string): boolean {
  const header = decodeBase64Url(value.slice(0, value.indexOf('.')));
  if (header === undefined) return false;
  try {
    const parsed: unknown = JSON.parse(header);
    return typeof parsed === 'object' && parsed !== null && 'alg' in parsed;
  } catch {
    return false;
  }
}

const rules: PatternRule[] = [
  { kind: 'github_token', hint: 'gh', pattern: /(?<![\w-])gh[pousr]_[A-Za-z0-9]{36,251}(?![\w-])/g },
  { kind: 'github_token', hint: 'github_pat_', pattern: /(?<![\w-])github_pat_[A-Za-z0-9_]{22,244}(?![\w-])/g },
  { kind: 'gitlab_token', hint: 'gl', pattern: /(?<![\w-])gl(?:pat|dt|rt|ptt|ft|soat|cbt|imt)-[A-Za-z0-9_-]{20,64}(?![\w-])/g },
  { kind: 'slack_token', hint: 'xox', pattern: /(?<![\w-])xox[abeoprs]-(?:\d{1,16}-){0,3}[A-Za-z0-9-]{10,250}(?![\w-])/g },
  { kind: 'slack_token', hint: 'xapp-', pattern: /(?<![\w-])xapp-\d-[A-Z0-9]{6,16}-\d{6,20}-[a-f0-9]{32,128}(?![\w-])/g },
  {
    kind: 'slack_webhook',
    hint: 'hooks.slack.com',
    pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9_/-]{20,200}/g,
  },
  { kind: 'stripe_key', hint: '_', pattern: /(?<![\w-])(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,247}(?![\w-])/g },
  { kind: 'stripe_key', hint: 'pk_live_', pattern: /(?<![\w-])pk_live_[A-Za-z0-9]{10,247}(?![\w-])/g },
  { kind: 'stripe_key', hint: 'whsec_', pattern: /(?<![\w-])whsec_[A-Za-z0-9+/]{24,64}(?![\w-])/g },
  { kind: 'anthropic_key', hint: 'sk-ant-', pattern: /(?<![\w-])sk-ant-[A-Za-z0-9_-]{20,300}(?![\w-])/g },
  {
    kind: 'openai_key',
    hint: 'sk-',
    pattern: /(?<![\w-])sk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{20,300}(?![\w-])/g,
  },
  {
    kind: 'openai_key',
    hint: 'sk-',
    pattern: /(?<![\w-])sk-[A-Za-z0-9]{32,200}(?![\w-])/g,
    accept: hasDigitAndMixedCase,
  },
  { kind: 'google_oauth', hint: 'GOCSPX-', pattern: /(?<![\w-])GOCSPX-[A-Za-z0-9_-]{24,40}(?![\w-])/g },
  { kind: 'google_oauth', hint: 'ya29.', pattern: /(?<![\w-])ya29\.[A-Za-z0-9_-]{20,2048}(?![\w-])/g },
  { kind: 'google_oauth', hint: '1//0', pattern: /(?<![\w/])1\/\/0[A-Za-z0-9_-]{30,512}(?![\w-])/g },
  { kind: 'npm_token', hint: 'npm_', pattern: /(?<![\w-])npm_[A-Za-z0-9]{36}(?![\w-])/g },
  { kind: 'sendgrid_key', hint: 'SG.', pattern: /(?<![\w-])SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?![\w-])/g },
  { kind: 'twilio_api_key', hint: 'SK', pattern: /(?<![\w-])SK[0-9a-f]{32}(?![\w-])/g },
  { kind: 'twilio_account_sid', hint: 'AC', pattern: /(?<![\w-])AC[0-9a-f]{32}(?![\w-])/g },
  {
    kind: 'jwt',
    hint: 'eyJ',
    pattern: /(?<![\w-])eyJ[A-Za-z0-9_-]{5,2000}\.[A-Za-z0-9_-]{2,8000}\.[A-Za-z0-9_-]{0,2000}(?![\w-])/g,
    accept: isJwt,
  },
];

/** API tokens of the common providers, and JSON Web Tokens. */
export const tokenDetector: Detector = {
  name: 'tokens',
  kinds: [...new Set(rules.map((r) => r.kind))],
  priority: 90,
  find: (text) => findByRules(rules, text),
};
