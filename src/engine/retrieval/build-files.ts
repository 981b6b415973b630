/**
 * The files that build, check and package a project rather than being it: autoconf's macros and configure scripts
 * (nginx's `auto/configure`, jq's `m4/ax_compare_version.m4`), CMake, Make, Meson and Bazel files, Gradle's properties,
 * CI workflows (`.github/`, `.gitlab-ci.yml`), Dockerfiles, git's own `.gitignore` and `.gitattributes`, and Gradle's
 * build code, convention plugins in `build-logic/` or `buildSrc/` (nowinandroid's `AndroidApplicationFirebaseConventionPlugin.kt`,
 * which says `app` and `android` throughout, came first for "how does the app know that the device is offline?"). Their words
 * are the code's (`configure`, `compare`, `version`, `report`), so they came before it: `auto/configure` before
 * `ngx_conf_file.c` for "how does nginx parse the configuration file?", the m4 macro first for "how are values sorted and
 * compared?". So are linters' settings and baselines (lobsters' `config/brakeman.ignore`, a JSON list of the warnings it
 * ignores quoting the code, came first for "how is comment markdown rendered to HTML?"), and infrastructure as code (Bicep,
 * Terraform), which deploys the project: eShopOnWeb's `infra/main.bicep` and `sqlserver.bicep` came first for "how do I use
 * an in-memory database instead of SQL Server?". They count this much less unless the question is about building, CI,
 * packaging, deploying, linting or the tooling itself.
 */
export const BUILD_FACTOR = 0.5;

/** Anchored at the end or the start, as the other kinds' patterns: this runs once for every file a question scores. */
export const BUILD_PATH = new RegExp(
  String.raw`^auto\/|(^|\/)(m4|cmake|\.github|\.circleci|\.buildkite|\.devcontainer|build-logic|buildSrc)\/|\.(m4|cmake|mk|mak|bazel|bzl|bicep|tf|tfvars)$|` +
    String.raw`(^|\/)(configure(\.ac|\.in)?|(GNU)?makefile(\.am|\.in)?|CMakeLists\.txt|meson(_options)?\.build|meson_options\.txt|` +
    String.raw`BUILD|WORKSPACE|SConstruct|SConscript|justfile|Dockerfile[\w.-]*|docker-compose[\w.-]*\.ya?ml|` +
    String.raw`\.(gitignore|gitattributes|dockerignore|editorconfig|gitlab-ci\.yml|travis\.yml|cirrus\.yml|pre-commit-config\.yaml)|` +
    String.raw`gradle\.properties|gradlew(\.bat)?|settings\.gradle(\.kts)?|azure-pipelines\.ya?ml|appveyor\.ya?ml|codecov\.ya?ml|Jenkinsfile|` +
    String.raw`\.rubocop[\w.-]*\.ya?ml|\.eslintrc[\w.]*|eslint\.config\.[cm]?[jt]s|\.golangci\.ya?ml|[\w.-]*phpstan[\w.-]*\.neon(\.dist)?|` +
    String.raw`phpcs\.xml(\.dist)?|brakeman\.ignore|\.prettierrc[\w.]*|\.stylelintrc[\w.]*|\.?clippy\.toml|\.?rustfmt\.toml|\.swiftlint\.ya?ml)$`,
  'i',
);

/** Words of a question about the build and its tooling (stemmed, as terms are). */
export const BUILD_WORDS = new Set([
  'build', 'compil', 'instal', 'install', 'cmak', 'cmake', 'make', 'makefil', 'autoconf', 'autotool', 'meson', 'bazel', 'gradl', 'gradle',
  'ci', 'workflow', 'github', 'gitlab', 'pipelin', 'docker', 'dockerfil', 'pack', 'packag', 'releas', 'deploi', 'lint', 'gitignor',
  'gitattribut', 'toolchain', 'flavor', 'flavour', 'convent', 'deployment', 'infra', 'infrastructur', 'azur', 'bicep', 'terraform', 'provis',
  'linter', 'eslint', 'rubocop', 'brakeman', 'phpstan', 'prettier', 'clippi', 'rustfmt', 'swiftlint', 'golangci',
]);
