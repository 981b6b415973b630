/**
 * A guide written for the project's users (ripgrep's `GUIDE.md`, gson's `UserGuide.md`, a `USAGE.md`, `HOWTO.md`, `FAQ.md`,
 * a tutorial or cookbook, the pages under `docs/guide/` or `docs/user/`) is where a how-do-I question's steps are written
 * out. Docs count level for such a question (path-demotion.ts), but the code names the same classes and flags more often:
 * gson's `UserGuide.md` was not in the top 10 for "how do I register a custom type adapter?", behind `GsonBuilder.java` and
 * nine type adapters. Asked how to do something, a guide counts this much more. Not a tutorial's folder: its pages build
 * one example app step by step (flask's `docs/tutorial/tests.rst` tests the tutorial's blog, `docs/testing.rst` says how to
 * test an app), though a page named as a tutorial is a guide.
 */
export const GUIDE_FACTOR = 1.5;

/** Anchored at the end: this runs once for every file a question scores. */
export const GUIDE_PAGE_PATH = new RegExp(
  String.raw`(^|\/)([\w-]*(guide|usage|howto|how-to|tutorial|cookbook|manual|handbook|faq)[\w-]*)\.(mdx?|rst|adoc|txt)$|` +
    String.raw`(^|\/)(guides?|user|howto|how-to|cookbook|recipes)\/(?:[^/]+\/)*[^/]+\.(mdx?|rst|adoc)$`,
  'i',
);
