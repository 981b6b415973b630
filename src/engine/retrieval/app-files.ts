import { stem } from './stem';

/**
 * Two kinds of file a web application keeps beside its code that say its words without doing its work.
 *
 * Templates (Django's and Jinja's `templates/**.html`, Razor's `.cshtml`, Blade's `.blade.php`, ERB, HEEx, Twig,
 * Handlebars, …) show what the code computed: a check's status, a form for each integration, a page per sign-in step.
 * They repeat the question's nouns in labels and headings, so healthchecks' `templates/front/checks.html` and four
 * integration forms came before `models.py` and `sendalerts.py` for "how are alerts sent when a check goes down?".
 * They count as docs do unless the question asks about templates, layouts, partials or markup. A component that is
 * code and markup in one file (`.vue`, `.svelte`, `.razor`, `.jsx`) is code.
 */
export const TEMPLATE_FACTOR = 0.5;

/** Anchored at the end: this runs once for every file a question scores. */
export const TEMPLATE_PATH = new RegExp(
  String.raw`\.(cshtml|erb|haml|slim|heex|eex|leex|sface|hbs|handlebars|mustache|twig|ejs|pug|jade|njk|liquid|jinja2?|j2|gohtml)$|` +
    String.raw`\.blade\.php$|(^|\/)templates\/(?:[^/]+\/)*[^/]+\.(html?|txt|xml|svg|html-fragment)$`,
  'i',
);

/** Words of a question about templates (stemmed, as terms are). */
export const TEMPLATE_WORDS = new Set([
  'templat', 'layout', 'partial', 'markup', 'blad', 'razor', 'cshtml', 'erb', 'haml', 'heex', 'eex', 'jinja', 'twig', 'handlebar',
  'mustach', 'liquid',
]);

/**
 * Migrations (Rails' `db/migrate/20200807021926_memoize_score.rb`, Django's `migrations/0004_profile_api_key.py`,
 * Laravel's `database/migrations/2014_10_12_create_users_table.php`, Ecto's `priv/repo/migrations/`, EF Core's
 * `Migrations/20201202111507_InitialModel.Designer.cs` and its `ModelSnapshot.cs`) record how the schema came to be,
 * one change a file, each naming the tables and columns the code uses: lobsters' `old_migrations/…_normalize_url.rb`
 * came first for "how are story URLs normalized?", four EF migrations before `OrderConfiguration.cs` for "how is the
 * Order entity mapped to database tables?". A migration's name starts with its number or date; code about migrating
 * (nowinandroid's `DatabaseMigrations.kt`, a framework's `Migrator.php`) does not. They count less unless the question
 * asks about migrations or the schema.
 */
export const MIGRATION_FACTOR = 0.5;

export const MIGRATION_PATH = /(^|\/)\w*migrat\w*\/(?:\d[^/]*|[^/]*ModelSnapshot\.cs)$/i;

/** Words of a question about migrations (stemmed, as terms are). */
export const MIGRATION_WORDS = new Set(['migrat', 'schema']);

/**
 * A catalog of the strings an application shows (Laravel's `lang/en/auth.php`, Rails' `config/locales/en.yml`, a
 * front end's `locales/en.json`, gettext's `.po`) says every feature's name in the words a user, and so a question, uses:
 * BookStack's `lang/en/auth.php` came first for "how are TOTP codes verified for multi-factor authentication?", elk's
 * `locales/en.json` second for two questions about accounts and timelines. The English catalog is no translation of
 * another (translations.ts), so nothing counted it less. Catalogs count as docs do unless the question asks about
 * translations, languages, locales or the messages themselves.
 */
export const CATALOG_FACTOR = 0.5;

/**
 * Anchored at the end: this runs once for every file a question scores. Lower case only: Laravel's own
 * `src/Illuminate/Translation/Translator.php` is code. PHP only in `lang/`, as Laravel keeps its strings.
 */
export const CATALOG_PATH = new RegExp(
  String.raw`(^|\/)(lang|langs|languages|locales?|i18n|l10n|translations?)\/(?:[^/]+\/)*[^/]+\.(json|ya?ml|properties|ftl|strings)$|` +
    String.raw`(^|\/)langs?\/(?:[^/]+\/)*[^/]+\.php$|\.(po|pot|xlf|xliff|arb)$`,
);

/** Words of a question about the strings themselves (stemmed, as terms are). */
export const CATALOG_WORDS = new Set(
  ['translation', 'translated', 'translate', 'locale', 'localization', 'localized', 'language', 'lang', 'i18n', 'l10n', 'message', 'messages',
    'wording', 'label', 'labels', 'catalog', 'plural', 'pluralization'].map(stem),
);
