/**
 * The files that build, check and package a project rather than being it: autoconf's macros and configure scripts
 * (nginx's `auto/configure`, jq's `m4/ax_compare_version.m4`), CMake, Make, Meson and Bazel files, Gradle's properties,
 * CI workflows (`.github/`, `.gitlab-ci.yml`), Dockerfiles, git's own `.gitignore` and `.gitattributes`, other languages'
 * build scripts (Zig's `build.zig`, first for "how does zls find the zig executable?", sbt's, Mill's, Rake's, OCaml's `dune`
 * files, an RPM package's `jq.spec`), bundlers' configs (vite's own `rolldown.config.ts`, before the plugin docs for "how do
 * I write a Vite plugin?"), and Gradle's build code, convention plugins in `build-logic/` or `buildSrc/`
 * (nowinandroid's `AndroidApplicationFirebaseConventionPlugin.kt`,
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
    String.raw`build\.(zig|sbt|sc|mill)|Rakefile|Taskfile\.ya?ml|noxfile\.py|tox\.ini|dune|dune-project|\.goreleaser\.ya?ml|[\w.-]+\.spec|` +
    String.raw`(rollup|rolldown|webpack|tsup|esbuild)\.config\.[cm]?[jt]s|` +
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

/**
 * Infrastructure as code is the project itself where the workspace is a Terraform module or a Bicep template, which keeps
 * its `main.tf`, `versions.tf` or `main.bicep` at the root: there every resource is in a `.tf` file, and with them all at
 * half their weight the module's docs (`docs/UPGRADE-19.0.md`) and README came before `main.tf` for "how is envelope
 * encryption of Kubernetes secrets with a KMS key set up?" on terraform-aws-eks. An application deploying itself keeps
 * them in a folder (`infra/`, `terraform/`), and they stay below its code.
 */
export const INFRA_CODE_PATH = /\.(tf|tfvars|bicep)$/i;
const INFRA_ROOTS = ['main.tf', 'versions.tf', 'main.bicep'];

/** True where the workspace's root holds a Terraform module's or Bicep template's entry file; `indexed` says whether a path is indexed. */
export function infrastructureIsTheProject(indexed: (rel: string) => boolean): boolean {
  return INFRA_ROOTS.some((root) => indexed(root));
}

/**
 * The blueprint metadata Google's Terraform toolkit generates beside a module's `variables.tf` (`metadata.yaml`,
 * `metadata.display.yaml`: every input and output with its description, the module's title and its APIs) describes the
 * module in the question's words without being it: on terraform-google-network it came before the `main.tf` creating
 * the routes, the firewall rules or the Serverless VPC Access connector. It counts as docs do (unless the question is
 * about docs, a how-to, or names the metadata or the blueprint), where a Terraform file sits beside it.
 */
export const MODULE_METADATA_PATH = /(^|\/)metadata(\.display)?\.ya?ml$/;
export const MODULE_METADATA_WORDS = new Set(['metadata', 'blueprint']);

/** True where `rel` (a MODULE_METADATA_PATH) sits beside a Terraform module's `variables.tf` or `main.tf`. */
export function isModuleMetadata(rel: string, indexed: (rel: string) => boolean): boolean {
  const folder = rel.slice(0, rel.lastIndexOf('/') + 1);
  return indexed(`${folder}variables.tf`) || indexed(`${folder}main.tf`);
}
