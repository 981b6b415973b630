import { findByRules, type Detector, type PatternRule } from '../detector';

// Email addresses and phone numbers. Phones are matched conservatively: an international
// number written with `+`, or a national number with separators in a known grouping, never a
// bare run of digits (timestamps, ids, ports and array literals stay untouched).

// `icon@2x.png` and `styles@media.css` are file names, not addresses.
const FILE_EXTENSIONS = new Set([
  'png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'ico', 'bmp', 'avif', 'js', 'mjs', 'cjs', 'ts', 'tsx', 'jsx',
  'css', 'scss', 'less', 'json', 'map', 'html', 'htm', 'txt', 'lock', 'yml', 'yaml', 'xml', 'wasm', 'vue', 'svelte',
]);

function acceptEmail(value: string): boolean {
  const at = value.indexOf('@');
  const local = value.slice(0, at);
  const tld = value.slice(value.lastIndexOf('.') + 1).toLowerCase();
  if (FILE_EXTENSIONS.has(tld)) return false;
  if (local === 'git') return false; // git@github.com:org/repo — an SSH remote, not a person
  return !local.startsWith('.') && !local.endsWith('.') && !local.includes('..');
}

function digitCount(value: string): number {
  let n = 0;
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) >= 48 && value.charCodeAt(i) <= 57) n++;
  return n;
}

const rules: PatternRule[] = [
  {
    kind: 'email',
    anchor: { literal: '@', back: /[A-Za-z0-9._%+-]/, maxBack: 64 },
    pattern: /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,8}[A-Za-z]{2,24}(?![A-Za-z0-9-])/y,
    accept: acceptEmail,
  },
  {
    // +44 20 7946 0958, +1 (415) 555-2671, +33 1 23 45 67 89, +14155552671
    kind: 'phone',
    hint: '+',
    pattern: /(?<![\w+)\].])\+[1-9](?:\d{7,14}|\d{0,2}(?:[ .-]?\(\d{1,4}\)[ .-]?\d{1,5})?(?:[ .-]\d{1,8}){1,6})(?![\w.+-]?\d)/g,
    accept: (value) => {
      const n = digitCount(value);
      const compact = !/[ .()-]/.test(value);
      return compact ? n >= 10 && n <= 15 : n >= 8 && n <= 15;
    },
  },
  {
    // North American: (415) 555-2671, 415-555-2671, 415.555.2671
    kind: 'phone',
    pattern: /(?<![\w+.-])(?:\(\d{3}\)[ ]?|\d{3}([-.]))\d{3}[-.]\d{4}(?![\w.-]?\d)/g,
    accept: (value) => {
      if (/^\d{3}[-.]/.test(value) && value[3] !== value[7]) return false; // 415-555.2671: not one number
      return /^[2-9]/.test(value.replace('(', '')); // area codes never start with 0 or 1
    },
  },
  {
    // Leading-zero national numbers with spaces: 020 7946 0958, 07700 900123, 030 1234 5678
    kind: 'phone',
    pattern: /(?<![\w+.-])0\d{2,4} \d{3,4} ?\d{3,4}(?![\w.-]?\d)/g,
    accept: (value) => {
      const n = digitCount(value);
      return n >= 10 && n <= 11;
    },
  },
];

/** Email addresses and phone numbers. */
export const contactDetector: Detector = {
  name: 'pii-contact',
  kinds: ['email', 'phone'],
  priority: 40,
  find: (text) => findByRules(rules, text),
};
