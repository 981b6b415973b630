import type { Detector, Finding } from '../detector';
import { classifyKey, isCodeValue, isSecretValue } from './assignment-rules';
import { parseValue, reversedComparison } from './assignment-values';

// `key = value` in code, YAML, .env, JSON, INI/properties, XML attributes and elements, Makefiles,
// CSV, URL query strings, command-line flags and prose. Only the value is redacted, so `password =
// "[REDACTED:password#1]"` still reads as code. Keys are found from keyword hits and parsed by
// hand (assignment-values.ts, no regex over whole assignments), which keeps the scan linear.

// Factored by first letter: V8 runs this several times faster than the flat alternation.
const KEYWORD = /p(?:ass|wd)|secret|token|key|cred|a(?:uth|ccess)/gi;
const KEY_CHAR = /[A-Za-z0-9_.$-]/;
const MAX_KEY = 80;

function expandKey(text: string, hitStart: number, hitEnd: number): [number, number] | undefined {
  let start = hitStart;
  while (start > 0 && KEY_CHAR.test(text[start - 1])) {
    if (hitEnd - --start > MAX_KEY) return undefined;
  }
  let end = hitEnd;
  while (end < text.length && KEY_CHAR.test(text[end])) {
    if (++end - start > MAX_KEY) return undefined;
  }
  // A key ends before a trailing `.` or `-` (`password.` at the end of a sentence).
  while (end > hitEnd && /[.-]/.test(text[end - 1])) end--;
  return [start, end];
}

function* findAssignments(text: string): Iterable<Omit<Finding, 'priority'>> {
  KEYWORD.lastIndex = 0;
  for (let m = KEYWORD.exec(text); m !== null; m = KEYWORD.exec(text)) {
    const span = expandKey(text, m.index, m.index + m[0].length);
    if (!span) continue;
    const [keyStart, keyEnd] = span;
    KEYWORD.lastIndex = Math.max(keyEnd, m.index + m[0].length);
    const key = text.slice(keyStart, keyEnd).replace(/^\$/, '');
    const kind = classifyKey(key);
    if (!kind) continue;
    const found = parseValue(text, keyStart, keyEnd, key);
    if (!found) {
      const compared = reversedComparison(text, keyStart);
      if (compared && isSecretValue(kind, key, text.slice(compared.start, compared.end), { quoted: true, midLine: false })) {
        yield { kind: kind === 'aws_secret_key' ? 'api_key' : kind, ...compared };
      }
      continue;
    }
    const value = text.slice(found.value.start, found.value.end);
    if (!found.quoted && isCodeValue(value, found.keyQuoted, found.codeAssignment)) continue;
    const bare = found.quoted ? value : value.replace(/[,.]$/, '');
    if (!isSecretValue(kind, key, bare, found)) continue;
    const reported = kind === 'aws_secret_key' && !/^[A-Za-z0-9/+]{40}$/.test(bare) ? 'api_key' : kind;
    yield { kind: reported, start: found.value.start, end: found.value.start + bare.length };
    KEYWORD.lastIndex = Math.max(KEYWORD.lastIndex, found.value.end);
  }
}

/** Secrets assigned to keys that name them: passwords, API keys and tokens, AWS secret keys. */
export const assignmentDetector: Detector = {
  name: 'assignments',
  kinds: ['password', 'api_key', 'aws_secret_key'],
  priority: 70,
  find: findAssignments,
};
