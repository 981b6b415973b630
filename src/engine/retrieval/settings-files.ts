import { HOW_TO_INTENT, type SearchTerm } from './terms';

// Files that hold settings, in three kinds: a class describing a library's options, a sample configuration file, and the
// files an application reads its own settings from. Kept apart from path-demotion.ts, which applies their factors.

/**
 * A class holding a library's options (guzzle's RequestOptions.php, Newtonsoft's JsonSerializerSettings.cs)
 * describes every option in prose beside its name: the words of a question about what an option does
 * ("how is the request timeout applied?") are there, the code applying it is elsewhere. Kept level when
 * the question asks about options, settings or configuration. Found on guzzle and Newtonsoft.Json (0.713 ->
 * 0.772, 0.749 -> 0.760), no other set moved; 0.5 did the same as 0.7. A Terraform module's `variables.tf` is the same:
 * every input declared with a description in prose, the resources using them in `main.tf`.
 */
export const SETTINGS_PATH = /[a-z](Options|Settings)\.[A-Za-z]+$|(^|\/)variables\.tf$/;
export const SETTINGS_FACTOR = 0.7;
export const SETTINGS_WORDS = new Set(['option', 'setting', 'config', 'configur', 'configurat', 'variabl', 'input']);

/**
 * A configuration file kept as a sample (redis.conf and sentinel.conf: 2,400 lines, most of them comments explaining
 * each directive in the words a question uses) describes what the code does rather than doing it: on redis it came
 * before evict.c, expire.c, aof.c and rdb.c for questions about them. It counts as docs do, level when the question
 * asks how to do something, about the docs, or about configuration, settings or options, or names its format.
 */
export const CONFIG_FILE_PATH = /\.(conf|cfg|ini)(\.(example|sample|dist|default|in))?$/i;
export const CONFIG_FILE_WORDS = new Set([...SETTINGS_WORDS, 'conf', 'cfg', 'ini']);

/**
 * The files a web framework reads an application's settings from: Spring Boot's `application.properties` and
 * `application-prod.yml`, ASP.NET Core's `appsettings.json`, Django's `settings.py` (or a `settings/` package), the
 * `config/` folder of Rails (`config/initializers/email.rb`, `config/environments/production.rb`, `database.yml`),
 * Phoenix (`config/runtime.exs`) and Laravel (`config/session.php`), and a `.env` file. Asked how to configure something
 * in an application, these are the answer, but they name a setting as the framework does (`spring.datasource.url` for
 * "the database connection"), seldom in the question's words, while the classes named `…Config` say "configure" all
 * through: Spring's `application.properties` came 7th, behind `WebSecurityConfig.java`. A how-to question about
 * configuration, settings or options counts them up; their test variants (`application-test.properties`,
 * `config/test.exs`) configure the tests, not the application.
 */
export const APP_SETTINGS_FACTOR = 2;
export const APP_SETTINGS_PATH = new RegExp(
  String.raw`(^|\/)(application(-[\w-]+)?\.(properties|ya?ml)|appsettings(\.[\w-]+)?\.json|settings\.py|\.env(\.[\w-]+)?)$|` +
    String.raw`(^|\/)settings\/[\w-]+\.py$|(^|\/)config\/((initializers|environments)\/)?[\w-]+\.(rb|exs|php|ya?ml)$`,
);
const TEST_SETTINGS = /(^|[/._-])test[^/]*$/i;

/** True for a file an application reads its own settings from (not its tests' settings). */
export function isAppSettings(rel: string): boolean {
  return APP_SETTINGS_PATH.test(rel) && !TEST_SETTINGS.test(rel);
}

/** True where the question asks how to configure something: a how-to question saying configure, config, setting or option. */
export function asksToConfigure(terms: SearchTerm[]): boolean {
  return (
    terms.some((t) => t.kind === 'intent' && t.text === HOW_TO_INTENT && t.weight >= 1) &&
    terms.some((t) => t.weight >= 1 && (t.kind === 'word' || t.kind === 'part') && SETTINGS_WORDS.has(t.text))
  );
}
