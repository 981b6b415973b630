// Held-out set 11: three kinds of repository no earlier set covers, a Laravel PHP application (BookStackApp/BookStack at
// 6f1c54d0, app/ by domain with Controllers, Models, Repos and Tools, Blade views under resources/views, settings in
// app/Config and .env.example, PHPUnit tests by feature under tests/), an Elixir Phoenix service (hexpm/hexpm at dee4f9b2,
// the package registry behind hex.pm: contexts under lib/hexpm, controllers, views, HEEx templates and LiveViews under
// lib/hexpm_web, 170 migrations in priv/repo/migrations, ExUnit tests mirroring lib/) and a Haskell tool
// (koalaman/shellcheck at 764802b, a few large modules under src/ShellCheck with their QuickCheck properties inline, the
// command line in shellcheck.hs, a formatter per output format). Questions a newcomer would ask, labelled from the sources
// before any ranking on these trees was run; never tuned on. Baseline MRR@10 bookstack 0.827, hexpm 0.603, shellcheck 0.700;
// after the rules found on set 10 (templates, migrations, linters' and infrastructure files, tests sought, authorize), measured
// once: 0.833, 0.623, 0.716 (hexpm's "how is two-factor authentication verified at login?" fell from 9th out of the top 10).
import type { Labelled } from './retrieval-sets-more';

const whole = (files: string): RegExp => new RegExp(`^(${files})$`);

export const BOOKSTACK: Labelled[] = [
  ['how are page permissions checked for the current user?',
    whole('app\\/Permissions\\/PermissionApplicator\\.php|app\\/Permissions\\/EntityPermissionEvaluator\\.php')],
  ['how is the search index built from page content?', whole('app\\/Search\\/SearchIndex\\.php')],
  ['how are search queries with tags and filters parsed?', whole('app\\/Search\\/SearchOptions\\.php|app\\/Search\\/SearchOptionSet\\.php')],
  ['how is a page exported to PDF?', whole('app\\/Entities\\/Tools\\/PdfGenerator\\.php|app\\/Entities\\/Tools\\/ExportFormatter\\.php')],
  ['how is markdown converted to HTML when a page is saved?',
    whole('app\\/Entities\\/Tools\\/Markdown\\/MarkdownToHtml\\.php|app\\/Entities\\/Tools\\/PageContent\\.php')],
  ['how are page revisions stored when a page is updated?', whole('app\\/Entities\\/Repos\\/(RevisionRepo|PageRepo)\\.php')],
  ['how does login with LDAP work?', whole('app\\/Access\\/LdapService\\.php|app\\/Access\\/Guards\\/LdapSessionGuard\\.php')],
  ['how is the OIDC ID token validated?', whole('app\\/Access\\/Oidc\\/(OidcIdToken|OidcJwtWithClaims|OidcService)\\.php')],
  ['how are webhooks called when an activity happens?', whole('app\\/Activity\\/DispatchWebhookJob\\.php|app\\/Activity\\/Tools\\/ActivityLogger\\.php')],
  ['how are uploaded images resized into thumbnails?', whole('app\\/Uploads\\/ImageResizer\\.php')],
  ['how are API tokens authenticated?', whole('app\\/Api\\/ApiTokenGuard\\.php|app\\/Http\\/Middleware\\/ApiAuthenticate\\.php')],
  ['how are users notified when a watched page is updated?',
    whole('app\\/Activity\\/Notifications\\/Handlers\\/PageUpdateNotificationHandler\\.php|app\\/Activity\\/Notifications\\/NotificationManager\\.php')],
  ['how is page HTML sanitized to remove scripts?', whole('app\\/Util\\/HtmlContentFilter\\.php')],
  ['how are other pages included into a page with the include tag?',
    whole('app\\/Entities\\/Tools\\/PageIncludeParser\\.php|app\\/Entities\\/Tools\\/PageContent\\.php')],
  ['how are deleted books restored from the recycle bin?', whole('app\\/Entities\\/Tools\\/TrashCan\\.php|app\\/Entities\\/Repos\\/DeletionRepo\\.php')],
  ['how are TOTP codes verified for multi-factor authentication?', whole('app\\/Access\\/Mfa\\/(TotpService|TotpValidationRule)\\.php')],
  ['how do I configure the mail server for sending emails?', whole('app\\/Config\\/mail\\.php|\\.env\\.example|\\.env\\.example\\.complete')],
  ['how are login attempts throttled?', whole('app\\/Access\\/Controllers\\/ThrottlesLogins\\.php')],
  ['where are the tests for the recycle bin?', whole('tests\\/Settings\\/RecycleBinTest\\.php|tests\\/Api\\/RecycleBinApiTest\\.php')],
  ['how are links between pages tracked as references?',
    whole('app\\/References\\/(ReferenceStore|CrossLinkParser|ReferenceUpdater)\\.php')],
];

const lib = 'lib\\/hexpm\\/';
const web = 'lib\\/hexpm_web\\/';

export const HEXPM: Labelled[] = [
  ['how is a new package release published through the API?',
    whole(`${lib}repository\\/releases\\.ex|${web}controllers\\/api\\/release_controller\\.ex`)],
  ['how is the registry of packages built and signed?', whole(`${lib}repository\\/(registry_builder|storage)\\.ex`)],
  ['how is an API key checked when a request is authenticated?', whole(`${lib}accounts\\/auth\\.ex|${web}auth_helpers\\.ex`)],
  ['how are API requests rate limited?', whole(`${web}plugs\\/attack\\.ex`)],
  ['how is two-factor authentication verified at login?', whole(`${lib}accounts\\/tfa\\.ex|${web}controllers\\/tfa_auth_controller\\.ex`)],
  ['how are download counts computed from the CDN logs?', whole(`${lib}release_tasks\\/stats\\.ex`)],
  ['how is a release retired?', whole(`${lib}repository\\/release(s)?\\.ex|${web}controllers\\/api\\/retirement_controller\\.ex`)],
  ['how does the OAuth device authorization flow work?', whole(`${lib}oauth\\/device_codes?\\.ex|${web}controllers\\/device_controller\\.ex`)],
  ['how are emails queued and sent reliably?', whole(`${lib}emails\\/outbox(_worker)?\\.ex`)],
  ['how are owners added to a package?', whole(`${lib}repository\\/owners\\.ex|${web}controllers\\/api\\/owner_controller\\.ex`)],
  ['how is the CDN cache purged after a package is published?', whole(`${lib}cdn\\/(cdn|fastly|purge_worker)\\.ex`)],
  ['how is a package README sanitized before it is shown?', whole(`${web}readme\\/sanitizer\\.ex`)],
  ['how does package search parse the query?', whole(`${lib}repository\\/package\\/search_query\\.ex`)],
  ['how is a diff between two package versions generated?', whole(`${lib}diff\\/generator\\.ex`)],
  ['how are published packages scanned for leaked secrets?', whole(`${lib}secret_scan\\/(scan|secret_scan|worker)\\.ex`)],
  ['how are passwords checked against breached password lists?', whole(`${lib}pwned\\/(pwned|hexpm)\\.ex`)],
  ['where are the routes of the API defined?', whole(`${web}router\\.ex`)],
  ['how do I configure the buckets packages are stored in for production?', whole('config\\/runtime\\.exs')],
  ['where are the tests for publishing a release?', whole('test\\/hexpm_web\\/controllers\\/api\\/release_controller_test\\.exs')],
  ['how are security advisories imported?', whole(`${lib}security\\/(updater|advisories)\\.ex`)],
];

const sc = 'src\\/ShellCheck\\/';

export const SHELLCHECK: Labelled[] = [
  ['how are shellcheck disable directives in comments parsed?', whole(`${sc}Parser\\.hs`)],
  ['where is the .shellcheckrc file looked up?', whole('shellcheck\\.hs')],
  ['how is the output written as JSON?', whole(`${sc}Formatter\\/JSON1?\\.hs`)],
  ['how is a unified diff of the suggested fixes printed?', whole(`${sc}Formatter\\/Diff\\.hs`)],
  ['how are fixes applied to the lines of the script?', whole(`${sc}Fixer\\.hs`)],
  ['how does shellcheck pick the shell dialect from the shebang line?', whole(`${sc}(AnalyzerLib|ASTLib)\\.hs`)],
  ['where is the warning to double quote variables to prevent word splitting?', whole(`${sc}Analytics\\.hs`)],
  ['how are sourced files found on the source path?', whole('shellcheck\\.hs')],
  ['how is the control flow graph of a script built?', whole(`${sc}CFG\\.hs`)],
  ['how does the data flow analysis merge variable states where branches join?', whole(`${sc}CFGAnalysis\\.hs`)],
  ['which checks warn about bash features used in a POSIX sh script?', whole(`${sc}Checks\\/ShellSupport\\.hs`)],
  ['where are the checks for misuse of commands like find and grep?', whole(`${sc}Checks\\/Commands\\.hs`)],
  ['how are messages colored by severity in the terminal output?', whole(`${sc}Formatter\\/TTY\\.hs`)],
  ['where is the checkstyle XML report generated?', whole(`${sc}Formatter\\/CheckStyle\\.hs`)],
  ['how are here-documents parsed?', whole(`${sc}Parser\\.hs`)],
  ['where is the list of optional checks that are off by default?', whole(`${sc}(Analytics|Analyzer)\\.hs`)],
  ['how do I compile shellcheck from source?', whole('README\\.md')],
  ['where are the unit tests of all modules run?', whole('test\\/shellcheck\\.hs')],
  ['how are warnings below the minimum severity dropped?', whole(`${sc}Checker\\.hs`)],
  ['where is the list of shell builtins and common commands?', whole(`${sc}Data\\.hs`)],
];
