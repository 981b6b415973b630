// Shared by the corpus tables. Secret-shaped test values are generated rather than pasted, so
// the repository holds no string a secret scanner would take for a live credential.

/** A placeholder as the scrubber writes it. */
export function R(kind: string, n = 1): string {
  return `[REDACTED:${kind}#${n}]`;
}

const ALPHABETS = {
  alnum: 'aB3dE5fG7hJ9kL2mN4pQ6rS8tU0vW1xY',
  upper: 'QWERTYUIOPASDFGHJKLZXCVBNM234567',
  hex: '0123456789abcdef',
  b64: 'Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe+/',
  url: 'aB3dE5fG7hJ9kL2mN4pQ6rS8tU0vW1x_-',
  letters: 'aBcDeFgHjKLmNpQrStUvWxYzAbCdEfGh',
  lower: 'abcdefghijkmnopqrstuvwxyz0123456789',
  digits: '0123456789',
  bech32: 'qpzry9x8gf2tvdw0s3jn54khce6mua7l',
} as const;

/** A deterministic pseudo-random string of `length` characters from an alphabet. */
export function fake(length: number, alphabet: keyof typeof ALPHABETS = 'alnum', seed = 7): string {
  const chars = ALPHABETS[alphabet];
  let out = '';
  let state = seed >>> 0;
  for (let i = 0; i < length; i++) {
    // mulberry32: small, deterministic, well mixed
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out += chars[((t ^ (t >>> 14)) >>> 0) % chars.length];
  }
  return out;
}

/** One corpus row: the text given to the scrubber and the exact text expected back. */
export type Case = [name: string, input: string, expected: string];

/** A negative row: the scrubber must return the input unchanged. */
export type Negative = [name: string, input: string];

/** The Luhn check digit of a string of digits, as cards and several national numbers append it. */
export function luhnDigit(body: string): number {
  let sum = 0;
  body.split('').map(Number).reverse().forEach((d, i) => {
    const x = i % 2 === 0 ? d * 2 : d;
    sum += x > 9 ? x - 9 : x;
  });
  return (10 - (sum % 10)) % 10;
}
