import {
  CATALOG_FACTOR, CATALOG_PATH, CATALOG_WORDS, MIGRATION_FACTOR, MIGRATION_PATH, MIGRATION_WORDS, TEMPLATE_FACTOR, TEMPLATE_PATH, TEMPLATE_WORDS,
} from './app-files';
import {
  BUILD_FACTOR, BUILD_PATH, BUILD_WORDS, INFRA_CODE_PATH, infrastructureIsTheProject, isModuleMetadata, MODULE_METADATA_PATH, MODULE_METADATA_WORDS,
} from './build-files';
import { COMPANION_FACTOR, COMPANION_PATH, COMPANION_WORDS } from './companion-files';
import { CHANGELOG_FACTOR, CHANGELOG_PATH, DOC_FACTOR, DOC_PATH, DOC_WORDS, LICENSE_PATH } from './doc-files';
import { DECLARATION_PATH, DECLARATION_WORDS } from './declaration-files';
import {
  APP_SETTINGS_FACTOR, asksToConfigure, CONFIG_FILE_PATH, CONFIG_FILE_WORDS, isAppSettings, SETTINGS_FACTOR, SETTINGS_PATH, SETTINGS_WORDS,
} from './settings-files';
import { HOW_TO_INTENT, type SearchTerm } from './terms';
import { GRAMMAR_FACTOR, GRAMMAR_PATH, GRAMMAR_WORDS } from './grammar-files';
import { GENERATED_FACTOR, GENERATED_PATH, GENERATED_WORDS } from './generated-files';
import { GUIDE_FACTOR, GUIDE_PAGE_PATH } from './guide-pages';
import { MANIFEST_FACTOR, MANIFEST_PATH, MANIFEST_WORDS } from './manifest-files';
import { isChartCase, isTestPath, mayBeChartCase, SOUGHT_TESTS_OTHER_FACTOR, TEST_PATH_FACTOR, TESTS_SOUGHT_INTENT } from './test-paths';
import { TOOL_FACTOR, TOOL_PATH, TOOL_WORDS } from './tool-files';
import { isTranslation, mayBeTranslation, TRANSLATION_FACTOR } from './translations';
import { WINDOWS_FACTOR, WINDOWS_PATH, WINDOWS_WORDS } from './windows-port';

export { isTestPath } from './test-paths';

// Which kinds of file count less in a ranking (tests, examples, docs and changelogs) unless the
// question is about them. Kept apart from the scoring (rank.ts), which only applies the factor.

/** Words that show a question is about tests (stemmed, as terms are). */
const TEST_WORDS = new Set(['test', 'tests', 'spec', 'fixtur', 'mock', 'fak', 'e2e', 'testdata', 'fuzz', 'fuzzer']);

/**
 * Examples, samples and demos call the API over and over, so they outrank its implementation on
 * the API's own words (on express, `examples/` came before `lib/` for "how does res.redirect
 * work?"); a question asking for an example keeps them level.
 */
const EXAMPLE_FACTOR = 0.5;
const EXAMPLE_PATH = /(^|\/)(examples?|samples?|demos?|tutorials?|playground)\//i;
const EXAMPLE_WORDS = new Set(['exampl', 'sampl', 'demo', 'tutorial', 'usag', 'playground', 'snippet']);

/**
 * Code copied in from other projects (jq's vendor/decNumber, redis's deps/jemalloc) is large and
 * names everything, but a question is about the project's own code unless it names the copy.
 */
const VENDORED_PATH = /(^|\/)(vendor|vendored|third[_-]?party|deps)\//i;
const VENDORED_FACTOR = 0.5;
const VENDORED_WORDS = new Set(['vendor', 'third', 'parti', 'dep', 'depend', 'dependenci']);

/**
 * A C or C++ header declares what its source file beside it implements (jv_unicode.h and
 * jv_unicode.c): it repeats the names with none of the how, so it counts less where that file is
 * indexed. A header without one (a header-only library) is the code and keeps its rank. A Python
 * stub (`client.pyi` beside `client.py`) is the same.
 */
const HEADER = /\.(h|hh|hpp|hxx|pyi)$/;
const HEADER_FACTOR = 0.7;
const SOURCES_OF_HEADER = ['.c', '.cc', '.cpp', '.cxx', '.m', '.mm'];

/**
 * Build and release scripts (scripts/gen_utf8_tables.py, babel's scripts/generators/) name what
 * they generate or publish, but a question is about the product unless it asks for a script.
 */
const SCRIPT_PATH = /(^|\/)scripts\//i;
const SCRIPT_FACTOR = 0.6;
const SCRIPT_WORDS = new Set(['script']);

/**
 * A library's sources built into one file and committed beside them (nlohmann/json's
 * single_include/nlohmann/json.hpp, 25 K lines made of include/nlohmann/**; axios's dist/axios.js
 * of lib/**; an Elixir project's priv/static/, where Phoenix keeps phoenix.js, phoenix.cjs.js and phoenix.mjs
 * bundled from assets/js/**) hold every chunk of the sources a second time under another name, so the copy rule
 * (diversify.ts) cannot see them: the amalgamation came before the header that is the source for
 * six of twenty questions on nlohmann/json. Kept level when the question names the dist, a bundle or the
 * single header; not for "build", which is mostly "built" in another sense ("how is the message of a
 * parse_error built?": 0.718 -> 0.743 on nlohmann/json without it). priv/static: phoenix 0.860 -> 0.894, no set moved.
 */
const BUILT_PATH = /(^|\/)(dist|single_include|single_header|amalgamat(ed|ion)|priv\/static)\//i;
const BUILT_FACTOR = 0.5;
const BUILT_WORDS = new Set(['dist', 'bundl', 'amalgam', 'amalgamat', 'singl', 'minifi']);

/** Which kinds of file count less: those the question is not about. */
export interface Demoted {
  tests: boolean;
  examples: boolean;
  docs: boolean;
  changelogs: boolean;
  vendored: boolean;
  scripts: boolean;
  build: boolean;
  manifests: boolean;
  declarations: boolean;
  built: boolean;
  /** Stubs a protocol compiler writes from a schema (generated-files.ts). */
  generated: boolean;
  settings: boolean;
  configs: boolean;
  windows: boolean;
  tools: boolean;
  /** A Terraform module's generated blueprint metadata counts as docs (build-files.ts). */
  metadata: boolean;
  companions: boolean;
  templates: boolean;
  migrations: boolean;
  catalogs: boolean;
  /** Not a demotion: the question asks how to configure something, and the application's settings files count up. */
  configuring: boolean;
  /** Not a demotion: the question asks about a grammar, and a parser generator's grammar files count up (grammar-files.ts). */
  grammar: boolean;
  /** Not a demotion: the question asks how to do something, and a guide for the project's users counts up (guide-pages.ts). */
  guides: boolean;
  /** Everything but tests: the question asks for the tests of something. */
  untested: boolean;
}

/**
 * A question asking how to do something (`how do I enable CORS?`, `how can I serve static files?`,
 * terms.ts `HOW_TO`) wants instructions: the docs and the examples are its answer as much as the
 * code, and the project's own tests are not, even where it says "test" (`how do I test my app?`).
 * On 26 such questions over eleven trees of the labelled sets (bench/retrieval-sets-how-to.ts), a docs
 * page or example first rose from MRR@10 0.290 to 0.663, a docs page, example or the code doing it from
 * 0.599 to 0.815; fastapi's six went 0.679 -> 0.787 in its set.
 */
function asksHowTo(terms: SearchTerm[]): boolean {
  // The question's own intent: an earlier turn's (at half weight) does not carry into a follow-up.
  return terms.some((t) => t.kind === 'intent' && t.text === HOW_TO_INTENT && t.weight >= 1);
}

export function demotedFor(terms: SearchTerm[]): Demoted {
  const names = (re: RegExp, t: SearchTerm) => (t.kind === 'path' || t.kind === 'phrase') && re.test(`${t.text}/`);
  const howTo = asksHowTo(terms);
  const aboutDocs = terms.some(
    (t) => DOC_WORDS.has(t.text) || ((t.kind === 'path' || t.kind === 'phrase') && CHANGELOG_PATH.test(t.text)) || names(DOC_PATH, t),
  );
  return {
    tests: howTo || !asksAboutTests(terms),
    untested: !howTo && terms.some((t) => t.kind === 'intent' && t.text === TESTS_SOUGHT_INTENT && t.weight >= 1),
    examples: !howTo && !terms.some((t) => EXAMPLE_WORDS.has(t.text) || names(EXAMPLE_PATH, t)),
    docs: !howTo && !aboutDocs,
    // A changelog gives no instructions: it stays below unless the question is about the docs or the changes.
    changelogs: !aboutDocs,
    vendored: !terms.some((t) => VENDORED_WORDS.has(t.text) || names(VENDORED_PATH, t)),
    scripts: !terms.some((t) => SCRIPT_WORDS.has(t.text) || names(SCRIPT_PATH, t)),
    declarations: !terms.some((t) => DECLARATION_WORDS.has(t.text) || names(DECLARATION_PATH, t)),
    settings: !terms.some((t) => SETTINGS_WORDS.has(t.text) || names(SETTINGS_PATH, t)),
    configs: !howTo && !aboutDocs && !terms.some((t) => CONFIG_FILE_WORDS.has(t.text) || names(CONFIG_FILE_PATH, t)),
    built: !terms.some((t) => BUILT_WORDS.has(t.text) || names(BUILT_PATH, t)),
    generated: !terms.some((t) => GENERATED_WORDS.has(t.text) || names(GENERATED_PATH, t)),
    // A question about what the build makes (the single header, the bundle) is about the build: nlohmann/json's Makefile makes the header.
    build: !terms.some(
      (t) =>
        BUILD_WORDS.has(t.text) || BUILT_WORDS.has(t.text) || names(BUILT_PATH, t) || ((t.kind === 'path' || t.kind === 'phrase') && BUILD_PATH.test(t.text)),
    ),
    windows: !terms.some((t) => WINDOWS_WORDS.has(t.text) || names(WINDOWS_PATH, t)),
    metadata: !howTo && !aboutDocs && !terms.some((t) => MODULE_METADATA_WORDS.has(t.text)),
    tools: !terms.some((t) => TOOL_WORDS.has(t.text) || names(TOOL_PATH, t)),
    companions: !terms.some((t) => COMPANION_WORDS.has(t.text) || names(COMPANION_PATH, t)),
    templates: !terms.some((t) => TEMPLATE_WORDS.has(t.text) || names(TEMPLATE_PATH, t)),
    migrations: !terms.some((t) => MIGRATION_WORDS.has(t.text) || names(MIGRATION_PATH, t)),
    catalogs: !terms.some((t) => CATALOG_WORDS.has(t.text) || names(CATALOG_PATH, t)),
    configuring: asksToConfigure(terms),
    grammar: terms.some((t) => GRAMMAR_WORDS.has(t.text)),
    guides: howTo,
    manifests: !terms.some((t) => MANIFEST_WORDS.has(t.text) || ((t.kind === 'path' || t.kind === 'phrase') && MANIFEST_PATH.test(t.text))),
  };
}

/** How much a chunk of `rel` counts when the question is not about its kind of file; `indexed` says whether a path is in the index. */
export function pathFactor(rel: string, demoted: Demoted, indexed: (rel: string) => boolean = () => false): number {
  const kinds = kindBits(rel);
  // A Helm chart's chart-testing values are its tests (test-paths.ts), where the chart's Chart.yaml is indexed.
  const found = (kinds & CHART_CASE_BIT) !== 0 && isChartCase(rel, indexed) ? kinds | TESTS_BIT : kinds;
  // A Terraform module's own files are its code, not the build beside it.
  const bits = (found & INFRA_BIT) !== 0 && infrastructureIsTheProject(indexed) ? found & ~BUILD_BIT : found;
  const header = ((bits & HEADER_BIT) !== 0 && hasSource(rel, indexed)) || (demoted.declarations && (bits & DECLARATION_BIT) !== 0);
  const translation = (bits & LOCALE_BIT) !== 0 && isTranslation(rel, indexed);
  const untested = demoted.untested && (bits & TESTS_BIT) === 0 ? SOUGHT_TESTS_OTHER_FACTOR : 1;
  const settings = demoted.configuring && (bits & APP_SETTINGS_BIT) !== 0 ? APP_SETTINGS_FACTOR : 1;
  const grammar = demoted.grammar && (bits & GRAMMAR_BIT) !== 0 ? GRAMMAR_FACTOR : 1;
  const guide = demoted.guides && (bits & GUIDE_BIT) !== 0 ? GUIDE_FACTOR : 1;
  const metadata = demoted.metadata && (bits & METADATA_BIT) !== 0 && isModuleMetadata(rel, indexed) ? DOC_FACTOR : 1;
  return kindFactor(bits, demoted) * (header ? HEADER_FACTOR : 1) * (translation ? TRANSLATION_FACTOR : 1) * untested * settings * metadata * grammar * guide;
}

function hasSource(header: string, indexed: (rel: string) => boolean): boolean {
  const stem = header.slice(0, header.lastIndexOf('.'));
  return header.endsWith('.pyi') ? indexed(`${stem}.py`) : SOURCES_OF_HEADER.some((ext) => indexed(stem + ext));
}

/**
 * The kinds a path may be of, in the order they decide its factor: the first kind the question keeps below decides.
 * A changelog decides either way (level when the question is about the changes, never as docs).
 */
const KINDS: [kind: keyof Demoted, isOf: (rel: string) => boolean, factor: number][] = [
  ['tests', isTestPath, TEST_PATH_FACTOR],
  ['examples', (rel) => EXAMPLE_PATH.test(rel), EXAMPLE_FACTOR],
  ['vendored', (rel) => VENDORED_PATH.test(rel), VENDORED_FACTOR],
  ['built', (rel) => BUILT_PATH.test(rel), BUILT_FACTOR],
  ['generated', (rel) => GENERATED_PATH.test(rel), GENERATED_FACTOR],
  ['windows', (rel) => WINDOWS_PATH.test(rel), WINDOWS_FACTOR],
  ['tools', (rel) => TOOL_PATH.test(rel), TOOL_FACTOR],
  ['settings', (rel) => SETTINGS_PATH.test(rel), SETTINGS_FACTOR],
  ['scripts', (rel) => SCRIPT_PATH.test(rel), SCRIPT_FACTOR],
  ['build', (rel) => BUILD_PATH.test(rel), BUILD_FACTOR],
  ['manifests', (rel) => MANIFEST_PATH.test(rel), MANIFEST_FACTOR],
  ['changelogs', (rel) => CHANGELOG_PATH.test(rel), CHANGELOG_FACTOR],
  ['companions', (rel) => COMPANION_PATH.test(rel), COMPANION_FACTOR],
  ['templates', (rel) => TEMPLATE_PATH.test(rel), TEMPLATE_FACTOR],
  ['migrations', (rel) => MIGRATION_PATH.test(rel), MIGRATION_FACTOR],
  ['catalogs', (rel) => CATALOG_PATH.test(rel), CATALOG_FACTOR],
  ['configs', (rel) => CONFIG_FILE_PATH.test(rel), DOC_FACTOR],
  ['docs', (rel) => DOC_PATH.test(rel) || LICENSE_PATH.test(rel), DOC_FACTOR],
];
const DOCS_BIT = 1 << KINDS.findIndex(([kind]) => kind === 'docs');
const TESTS_BIT = 1 << KINDS.findIndex(([kind]) => kind === 'tests');
/** Bits beside the kinds: a header or declaration file, a path naming a language (translations.ts). */
const HEADER_BIT = 1 << KINDS.length;
const DECLARATION_BIT = 1 << (KINDS.length + 1);
const LOCALE_BIT = 1 << (KINDS.length + 2);
const APP_SETTINGS_BIT = 1 << (KINDS.length + 3);
const INFRA_BIT = 1 << (KINDS.length + 4);
const METADATA_BIT = 1 << (KINDS.length + 5);
const GRAMMAR_BIT = 1 << (KINDS.length + 6);
const CHART_CASE_BIT = 1 << (KINDS.length + 7);
const GUIDE_BIT = 1 << (KINDS.length + 8);
const BUILD_BIT = 1 << KINDS.findIndex(([kind]) => kind === 'build');

/**
 * What a path is does not depend on the question, but a question scores thousands of files (a common word: most of babel's
 * 27 K) and each was tested against a dozen patterns, ~0.1 µs each: the kinds of a path are found once, as bits, and kept.
 */
const kindsOfPath = new Map<string, number>();
const KEEP_AT_MOST = 400_000;

function kindBits(rel: string): number {
  let bits = kindsOfPath.get(rel);
  if (bits === undefined) {
    bits = 0;
    for (let i = 0; i < KINDS.length; i++) if (KINDS[i][1](rel)) bits |= 1 << i;
    if (HEADER.test(rel)) bits |= HEADER_BIT;
    if (DECLARATION_PATH.test(rel)) bits |= DECLARATION_BIT;
    if (mayBeTranslation(rel)) bits |= LOCALE_BIT;
    if (isAppSettings(rel)) bits |= APP_SETTINGS_BIT;
    if (INFRA_CODE_PATH.test(rel)) bits |= INFRA_BIT;
    if (MODULE_METADATA_PATH.test(rel)) bits |= METADATA_BIT;
    if (GRAMMAR_PATH.test(rel)) bits |= GRAMMAR_BIT;
    if (mayBeChartCase(rel)) bits |= CHART_CASE_BIT;
    if (GUIDE_PAGE_PATH.test(rel)) bits |= GUIDE_BIT;
    if (kindsOfPath.size >= KEEP_AT_MOST) kindsOfPath.clear();
    kindsOfPath.set(rel, bits);
  }
  return bits;
}

function kindFactor(bits: number, demoted: Demoted): number {
  for (let i = 0; i < KINDS.length; i++) {
    if ((bits & (1 << i)) === 0) continue;
    const [kind, , factor] = KINDS[i];
    if (kind === 'changelogs') return demoted.changelogs ? factor : 1;
    if (demoted[kind]) return factor;
  }
  return 1;
}

/** True for a docs page (docs folder, Markdown, reStructuredText, man page) when `demoted` keeps docs below the code. */
export function isDemotedDoc(rel: string, demoted: Demoted): boolean {
  return demoted.docs && (kindBits(rel) & DOCS_BIT) !== 0;
}

function asksAboutTests(terms: SearchTerm[]): boolean {
  return terms.some((t) => TEST_WORDS.has(t.text) || ((t.kind === 'path' || t.kind === 'phrase') && isTestPath(`${t.text}/`)));
}
