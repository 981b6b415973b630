/** `text` as a regular expression that matches exactly it: every character with a meaning there escaped. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
