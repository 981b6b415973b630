// Which files are a docs page translated into another language (path-demotion.ts counts them less).

/**
 * Documentation translated into other languages (`docs/de/docs/tutorial/cors.md` beside
 * `docs/en/…`, `locales/fr.json` beside `locales/en.json`, `index.fr.md` beside `index.md`) keeps
 * every code sample and identifier of the English page, so each page was there a dozen times and
 * the English one seldom first (fastapi: thirteen languages). A file counts as a translation only
 * where the same path with `en` in place of its language code is indexed too.
 */
export const TRANSLATION_FACTOR = 0.35;
// Two letters (ISO 639-1), with a region or script: `de`, `pt-BR`, `zh-hant`, `zh_CN`. Not three: `src`, `lib`, `esm` would be checked on every path.
const LOCALE_SEGMENT = /(^|\/)([a-z]{2}(?:[-_][A-Za-z]{2,4})?)(?=\/|\.[^/]+$)/g;
const LOCALE_SEGMENT_TEST = /(?:^|\/)[a-z]{2}(?:[-_][A-Za-z]{2,4})?(?:\/|\.[^/]+$)/;
/** A page's language as a suffix (Hugo, mkdocs-static-i18n): two letters, and only on a page (`index.es.js` is an ES module build). */
const LOCALE_SUFFIX = /\.([a-z]{2}(?:[-_][A-Za-z]{2,4})?)(\.(?:md|mdx|rst|adoc|txt|html))$/;
const ENGLISH = ['en', 'en-US', 'en_US', 'en-us'];

/** Whether a path has a language code in it at all: only those are looked for in other languages. */
export function mayBeTranslation(rel: string): boolean {
  return LOCALE_SEGMENT_TEST.test(rel) || LOCALE_SUFFIX.test(rel);
}

/** Whether a path is a translation of an indexed English page (`mayBeTranslation` first: this reads the index). */
export function isTranslation(rel: string, indexed: (rel: string) => boolean): boolean {
  // A test before the loop: matchAll's iterator costs more than the few paths with a locale.
  if (LOCALE_SEGMENT_TEST.test(rel)) {
    for (const m of rel.matchAll(LOCALE_SEGMENT)) {
      if (m[2].startsWith('en')) continue;
      const at = m.index + m[1].length;
      const [before, after] = [rel.slice(0, at), rel.slice(at + m[2].length)];
      if (ENGLISH.some((en) => indexed(before + en + after))) return true;
    }
  }
  const suffix = LOCALE_SUFFIX.exec(rel);
  return !!suffix && !suffix[1].startsWith('en') && indexed(rel.slice(0, suffix.index) + suffix[2]);
}
