// Which paths hold tests, fixtures and test doubles, by the names projects of each language give them.

/**
 * Tests and fixtures repeat the words of the code they test (often in fake data), but a question
 * is about the product unless it says otherwise: their chunks count this much less. So do the test doubles a
 * framework ships for its users' tests (laravel's `Support/Testing/Fakes/EventFake.php` came before the event
 * dispatcher for "how are events dispatched to their listeners?"), unless the question says fake or mock.
 */
export const TEST_PATH_FACTOR = 0.35;
const TEST_PATH =
  /(^|\/)(tests?|__tests__|__mocks__|fixtures?|spec|specs|testdata|e2e|fakes?|mocks?)\/|\.(test|spec)\.[^/]+$|(^|\/)test_[^/]+\.py$|(^|\/)tests\.py$/i;
/**
 * A test kept beside the file it tests, named for it with a suffix: Go's `_test.go`, C and C++'s `_test.cc` and
 * `_unittest.cc` (leveldb's `db/log_test.cc` came before `db/log_writer.cc` for "how are records written to the log?", and
 * `skiplist_test.cc` before `skiplist.h`), Dart's, Elixir's and minitest's `_test.*`. An underscore only: a hyphen
 * names scripts about tests (babel's `generate-typescript-tests.js`).
 */
const SUFFIXED_TEST_PATH = /_(test|tests|unittest)\.(go|py|c|cc|cpp|cxx|h|hh|hpp|rs|rb|exs|dart|js|mjs|cjs|ts|tsx|jsx|lua|zig)$/i;
/**
 * Tests as JVM, .NET, Swift and PHP projects name them, which the folder names above miss: Kotlin
 * source sets (`src/jvmTest/`, `commonTest/`, `androidInstrumentedTest/`), a test project or module
 * beside the product (`Newtonsoft.Json.Tests/`, `AlamofireTests/`, `container-tests/`), a folder of
 * test types (`TestObjects/`), and a class named for the one it tests (`CertificatePinnerTest.kt`,
 * `XmlNodeConverterTests.cs`, `MockHandlerTest.php`). Case matters: `latest/` and `Contest.java` are not tests.
 * On okhttp and Newtonsoft.Json these outranked the code for most questions.
 */
const TEST_NAMED_PATH = new RegExp(
  String.raw`[A-Za-z0-9](Test|Tests)\/|[.\-_](Tests?|UnitTests?|IntegrationTests?|tests?)\/|(^|\/)Tests?[A-Z]\w*\/|` +
    String.raw`[a-z0-9](Tests?|Specs?)\.(kt|kts|java|cs|fs|vb|swift|scala|groovy|php|m|mm)$`,
);
/**
 * A test folder named as one word with what it tests (caddy's `caddytest/`, `unittests/`, `maventest/`), and a test
 * case kept in a file of its own kind (`*.caddyfiletest`: 160 Caddyfiles with the JSON each should adapt to, which
 * named every directive; PHP's `*.phpt`). Not a superlative or a word that ends so: `latest/`, `contest/`. Fuzzing
 * harnesses are tests too (Go's `lexer_fuzz.go` beside `lexer.go` came first for "how is the Caddyfile tokenized?";
 * cargo-fuzz's `fuzz/`, `fuzzing/`).
 */
const JOINED_TEST_PATH =
  /(^|\/)(?!(?:latest|greatest|fastest|contests?|protests?|attests?)\/)[a-z0-9]+tests?\/|\.([a-z]+test|phpt)$|(^|\/)fuzz(ing|ers?)?\/|_fuzz(er)?\.[a-z]+$/i;
/**
 * The values a Helm chart is installed with by chart-testing (`ct install`), one file a case in the `ci/` folder beside its
 * `Chart.yaml` (argo-helm's `charts/argo-cd/ci/external-redis-values.yaml`): test inputs that restate the chart's settings,
 * and came before the templates using them. Only where that `Chart.yaml` is indexed: elsewhere `ci/` holds a build's files.
 */
const CHART_CASE_PATH = /(^|\/)ci\/[^/]+\.ya?ml$/;
export function mayBeChartCase(rel: string): boolean {
  return CHART_CASE_PATH.test(rel);
}
export function isChartCase(rel: string, indexed: (rel: string) => boolean): boolean {
  const at = rel.lastIndexOf('ci/');
  return CHART_CASE_PATH.test(rel) && indexed(`${rel.slice(0, at)}Chart.yaml`);
}

/** True for a path under a test or fixture folder, or a test file by its name. */
export function isTestPath(rel: string): boolean {
  return TEST_PATH.test(rel) || SUFFIXED_TEST_PATH.test(rel) || TEST_NAMED_PATH.test(rel) || JOINED_TEST_PATH.test(rel);
}

/**
 * The intent term of a question asking for the tests themselves ("where are the tests for the search query parser?", "which
 * tests cover redirects?", "how is the lexer tested?"): the tests are the answer, and the code they test, which says the
 * question's other words as often, comes after them. Not a question about testing code (the test client, a mock handler).
 */
export const TESTS_SOUGHT_INTENT = 'tests-sought';
const TESTS_SOUGHT_FORMS = [
  String.raw`(?:where|which|what)\s+(?:(?:are|is)\s+)?(?:the\s+)?(?:\w+\s+)?tests\b`,
  String.raw`\btests\s+(?:for|of|covering|that\s+(?:cover|check))\b`,
  String.raw`which\s+test\s+(?:covers|checks|exercises)\b`,
  String.raw`(?:where|how)\s+(?:is|are)\s+[^?]+?\s+tested\b`,
];
export const TESTS_SOUGHT = new RegExp(String.raw`\b(?:${TESTS_SOUGHT_FORMS.join('|')})`, 'i');

/** Code that is not a test counts this much where a question asks for the tests of something (and does not ask how to). */
export const SOUGHT_TESTS_OTHER_FACTOR = 0.5;
