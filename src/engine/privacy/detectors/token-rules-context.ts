import { isPlaceholderValue } from '../checks';
import type { PatternRule } from '../detector';
import { isFakeBody } from '../token-checks';

// Tokens with no prefix of their own, recognised by a fixed part in the middle or end (Azure DevOps'
// `AZDO`, New Relic's `NRAL`) or by the provider's name, header or call just before them (Okta,
// Jenkins, Figma, a Vault unseal key, .NET credentials). Each rule is gated by a literal (`hint` or
// `anchor`) and every repetition is bounded, so matching stays linear.

/** A value issued by a machine: digits and letters, no filler, and not one character over and over. */
const issued = (value: string) => /\d/.test(value) && /[A-Za-z]/.test(value) && !isFakeBody(value) && new Set(value).size >= 8;
const notPlaceholder = (value: string) => !isPlaceholderValue(value);
const HEX_UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.source;

export const contextTokenRules: PatternRule[] = [
  {
    // Azure DevOps personal access tokens since 2024: 84 characters with `AZDO` four from the end.
    kind: 'azure_devops_token',
    anchor: { literal: 'AZDO', back: /[A-Za-z0-9]/, maxBack: 76 },
    pattern: /(?<![\w-])[A-Za-z0-9]{76}AZDO[A-Za-z0-9]{4}(?![\w-])/y,
    accept: issued,
  },
  {
    // New Relic license keys (ingest): 36 characters, then `NRAL`.
    kind: 'newrelic_key',
    anchor: { literal: 'NRAL', back: /[A-Za-z0-9]/, maxBack: 36 },
    pattern: /(?<![\w-])[a-z0-9]{6}[a-f0-9]{30}NRAL(?![\w-])/y,
    accept: (value) => issued(value.slice(0, 36)),
  },
  {
    // Telegram bot tokens whose secret part does not start `AA`, where the text names Telegram (or Apprise's `tgram://`).
    kind: 'telegram_bot_token',
    hint: ['telegram', 'Telegram', 'TELEGRAM', 'tgram://'],
    pattern: /(?:telegram|tgram:\/\/)[^\n]{0,16}?(?<![\w:])(?<value>\d{8,10}:[A-Za-z0-9_-]{35})(?![\w-])/dgi,
    accept: (value) => issued(value.slice(value.indexOf(':') + 1)),
  },
  {
    // Okta API tokens: `00` and 40 more, near `okta` or Okta's `SSWS` scheme (on the next line too: Terraform's `default =`).
    kind: 'okta_token',
    hint: ['okta', 'Okta', 'OKTA', 'SSWS'],
    pattern: /(?:okta|ssws)[\s\S]{0,40}?(?<![\w-])(?<value>00[A-Za-z0-9_-]{40})(?![\w-])/dgi,
    accept: (value) => issued(value.slice(2)),
  },
  {
    // Jenkins API tokens and CSRF crumbs after its name (`Jenkins-Crumb: …`, `JENKINS_TOKEN=…`).
    kind: 'jenkins_token',
    hint: ['jenkins', 'Jenkins', 'JENKINS'],
    pattern: new RegExp(`jenkins[^\\n]{0,12}?(?:(?:crumb|token)[^\\n]{0,10}?)?(?<![\\w-])(?<value>[0-9a-f]{32,36}|${HEX_UUID})(?![\\w-])`, 'dgi'),
    accept: issued,
  },
  {
    // The one-time password a new Jenkins prints to its log.
    kind: 'password',
    hint: 'proceed to installation:',
    pattern: /Please use the following password to proceed to installation:\r?\n\r?\n(?<value>[a-f0-9]{30,36})$/dgm,
  },
  {
    // SonarScanner's token handed to a call or a command line (`'sonar.login', '…'`).
    kind: 'sonarqube_token',
    hint: ['sonar', 'SONAR'],
    pattern: /sonar.{0,5}?login["'\s:=,(]{0,8}(?<value>[a-f0-9]{40})(?![\w-])/dgi,
    accept: issued,
  },
  {
    // Figma's older personal access tokens: 4 characters, then a UUID, near `figma` (`X-Figma-Token: …`).
    kind: 'figma_token',
    hint: ['figma', 'Figma', 'FIGMA'],
    pattern: new RegExp(`figma[^\\n]{0,20}?(?<![\\w-])(?<value>[0-9a-f]{4}-${HEX_UUID})(?![\\w-])`, 'dgi'),
  },
  {
    // Postmark server and account tokens are UUIDs under its name.
    kind: 'postmark_token',
    hint: ['postmark', 'Postmark', 'POSTMARK'],
    pattern: new RegExp(`postmark[^\\n]{0,20}?(?<![\\w-])(?<value>${HEX_UUID})(?![\\w-])`, 'dgi'),
  },
  {
    // A HashiCorp Vault unseal key, as `vault operator init` prints it or as typed to `vault operator unseal`.
    kind: 'vault_token',
    hint: ['nseal'],
    pattern: /unseal\b[^\n]{1,10}?(?<![A-Za-z0-9+/])(?<value>[A-Za-z0-9+/]{44})(?![A-Za-z0-9+/=])/dgi,
    accept: issued,
  },
  {
    // Vault's service tokens before 1.10 (`s.…`, of any length up to 128) after a word naming Vault.
    kind: 'vault_token',
    hint: ['vault', 'Vault', 'VAULT'],
    pattern: /vault\w{0,10}["':= \t]{1,5}(?<value>s\.[A-Za-z0-9_-]{24,128})(?![\w-])/dgi,
    accept: (value) => issued(value.slice(2)),
  },
  {
    // ThingsBoard device tokens ride in the path of its telemetry API.
    kind: 'api_key',
    hint: ['thingsboard'],
    pattern: /thingsboard[\w.-]{0,60}(?::\d{1,5})?\/api\/v1\/(?<value>[A-Za-z0-9]{20})\//dgi,
    accept: issued,
  },
  {
    // TrueNAS API keys in its WebSocket login call (`auth.login_with_api_key`): id, `-`, 64 characters.
    kind: 'api_key',
    hint: '"params"',
    pattern: /"params"[ \t\r\n]{0,20}:[ \t\r\n]{0,20}\[[ \t\r\n]{0,20}"(?<value>\d{1,6}-[A-Za-z0-9]{64})"[ \t\r\n]{0,20}\]/dg,
    accept: (value) => issued(value.slice(value.indexOf('-') + 1)),
  },
  {
    // .NET: `new NetworkCredential("user", "password"[, "domain"])`; the user name stays.
    kind: 'password',
    hint: 'NetworkCredential',
    pattern: /NetworkCredential\([ \t]{0,5}"[^"\n]{1,200}"[ \t]{0,5},[ \t]{0,5}"(?<value>[^"\n]{1,200})"/dg,
    accept: notPlaceholder,
  },
  {
    // .NET: `new DirectoryEntry("LDAP://…", "user", "password")`, the arguments on one line or several.
    kind: 'password',
    hint: 'DirectoryEntry',
    pattern: /DirectoryEntry\(\s{0,20}"[^"\n]{1,300}"\s{0,20},\s{0,20}"[^"\n]{1,200}"\s{0,20},\s{0,20}"(?<value>[^"\n]{1,200})"/dg,
    accept: notPlaceholder,
  },
  {
    // Sysinternals PsExec: `psexec \\host -u USER -p PASSWORD …`.
    kind: 'password',
    hint: ['psexec', 'PsExec', 'PSEXEC', 'psExec', 'Psexec'],
    pattern: /psexec[^\n]{0,100}?[ \t]-u[ \t]{0,5}[^\s"']{1,100}[ \t]{1,5}-p[ \t]{0,5}(?<value>[^\s"']{1,100})/dgi,
    accept: notPlaceholder,
  },
];
