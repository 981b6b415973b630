// Files that declare a package's API without its code; path-demotion.ts counts them less.

/**
 * TypeScript declaration files (axios's index.d.ts) are a JavaScript package's header: one long
 * file declaring every option and type, none of the code; so is the public API a Kotlin or Java
 * library keeps for its binary-compatibility check (okhttp's api/okhttp.api, above the code for
 * "how are redirects followed?"; a multiplatform module keeps one per platform, api/jvm/okhttp.api and
 * api/android/okhttp.api). Kept level when the question asks about typings or declarations.
 */
// Anchored at the end, so a path is read backwards from its last characters: this runs for every file a question scores.
// So is a GraphQL schema (`schema.graphqls`: every type, query and mutation, first for "who is allowed to edit an article?").
export const DECLARATION_PATH = /(?:\.d\.[cm]?ts|(?:^|\/)api\/(?:[^/]+\/)?[^/]+\.api|\.graphqls|(?:^|\/)schema\.graphql)$/;
export const DECLARATION_WORDS = new Set(['typing', 'declar', 'declarat', 'typescript', 'definit', 'graphql', 'sdl']);
