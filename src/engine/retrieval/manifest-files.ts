/**
 * A package's manifest is named by its folder (babel-plugin-transform-template-literals/package.json)
 * and lists its words, so the path boost put it above the package's code for "how are template
 * literals compiled?". It answers questions about dependencies, versions and scripts.
 */
// .NET's project files are its manifests (eShopOnWeb's PublicApi.csproj, listing its packages' names, came second for JWT tokens).
// So are other languages' (Gemfile, mix.exs, pubspec.yaml, Package.swift, rebar.config, deps.edn, a Helm chart's Chart.yaml) and
// every lock file (Cargo.lock, mix.lock, yarn.lock, go.sum, …): thousands of lines of dependencies' names and versions.
export const MANIFEST_PATH = new RegExp(
  String.raw`(^|\/)(package\.json|composer\.json|Cargo\.toml|pyproject\.toml|go\.mod|pom\.xml|build\.gradle(\.kts)?|` +
    String.raw`[\w.-]+\.(gemspec|csproj|fsproj|vbproj|opam)|Directory\.(Build|Packages)\.props|Gemfile|mix\.exs|pubspec\.yaml|Package\.swift|` +
    String.raw`Podfile|rebar\.config|deps\.edn|project\.clj|build\.zig\.zon|Pipfile|Chart\.yaml|` +
    String.raw`package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|[\w.-]+\.lock|go\.sum|Package\.resolved|` +
    String.raw`packages\.lock\.json|gradle\.lockfile)$`,
  'i',
);
export const MANIFEST_FACTOR = 0.5;
export const MANIFEST_WORDS = new Set(['pack', 'pkg', 'depend', 'dependenci', 'dep', 'version', 'script', 'manifest', 'publish', 'instal', 'modul']);
