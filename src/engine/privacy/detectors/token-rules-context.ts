import { isPlaceholderValue } from '../checks';
import type { PatternRule } from '../detector';
import type { PrefixRule } from '../prefix-scan';
import { isFakeBody } from '../token-checks';
import { classifyKey, looksSecret } from './assignment-rules';

// Tokens with no prefix of their own. Most are recognised by the word just before them: the
// provider's name, a header, a call or a command (Okta, Jenkins, Figma, a Vault unseal key, .NET
// credentials, PsExec). Those words ride on the provider-token prefix scan (prefix-scan.ts) as
// prefixes whose body reaches the value, so they cost no pass of their own over the text. Two
// formats have their fixed part at the end instead (Azure DevOps' `AZDO`, New Relic's `NRAL`):
// those are found from that literal with indexOf. Every repetition is bounded.

/** A value issued by a machine: digits and letters, no filler, and not one character over and over. */
const issued = (value: string) => /\d/.test(value) && /[A-Za-z]/.test(value) && !isFakeBody(value) && new Set(value).size >= 8;
const HEX_UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.source;

const spellings = (...words: string[]) => words.flatMap((w) => [w, w[0].toUpperCase() + w.slice(1), w.toUpperCase()]);

/**
 * A rule whose prefix is the word before the value; only the body's `value` group (its end) is
 * redacted, and only when `check` accepts that value (given the body's other groups too).
 */
function named(kind: string, prefixes: string[], body: RegExp, check: (value: string, groups: Record<string, string>) => boolean): PrefixRule {
  return {
    kind,
    prefixes,
    body,
    valueOnly: true,
    runsOn: true,
    open: true,
    accept: (_token, _body, groups) => groups?.value !== undefined && check(groups.value, groups),
  };
}

const notPlaceholder = (value: string) => !isPlaceholderValue(value);
/** The end of a value: no more of a token's characters. */
const END = /(?![\w-])/.source;

export const contextPrefixRules: PrefixRule[] = [
  // Okta API tokens: `00` and 40 more, after `okta…` or Okta's `SSWS` scheme (the next line too: Terraform's `default =`).
  named('okta_token', [...spellings('okta'), 'SSWS'], new RegExp(`[\\s\\S]{0,40}?(?<![\\w-])(?<value>00[A-Za-z0-9_-]{40})${END}`), (v) =>
    issued(v.slice(2))),
  // Jenkins API tokens and CSRF crumbs after its name (`Jenkins-Crumb: …`, `JENKINS_TOKEN=…`).
  named('jenkins_token', spellings('jenkins'),
    new RegExp(`[^\\n]{0,12}?(?:(?:crumb|token)[^\\n]{0,10}?)?(?<![\\w-])(?<value>[0-9a-f]{32,36}|${HEX_UUID})${END}`, 'i'), issued),
  // The one-time password a new Jenkins prints to its log.
  named('password', ['Please use the following password to proceed to installation:'], /\r?\n\r?\n(?<value>[a-f0-9]{30,36})(?![\w-])/, issued),
  // SonarScanner's token handed to a call (`property('sonar.login', '…')`); `sonar.login=…` is an assignment (assignment-rules.ts).
  named('sonarqube_token', spellings('sonar'), /.{0,5}?login["'][ \t]{0,3},[ \t]{0,3}["'](?<value>[a-f0-9]{40})(?![\w-])/i, issued),
  // Figma's older personal access tokens: 4 characters and a UUID (`X-Figma-Token: …`, `figma token …`).
  named('figma_token', [...spellings('figma'), 'X-Figma-Token'], new RegExp(`[^\\n]{0,20}?(?<![\\w-])(?<value>[0-9a-f]{4}-${HEX_UUID})${END}`), issued),
  // Postmark's server and account tokens are UUIDs under its name or its headers.
  named('postmark_token', [...spellings('postmark'), 'X-Postmark-Server-Token', 'X-Postmark-Account-Token'],
    new RegExp(`[^\\n]{0,20}?(?<![\\w-])(?<value>${HEX_UUID})${END}`), issued),
  // A HashiCorp Vault unseal key, as `vault operator init` prints it or as typed to `vault operator unseal`.
  named('vault_token', spellings('unseal'), /\b[^\n]{1,10}?(?<![A-Za-z0-9+/])(?<value>[A-Za-z0-9+/]{44})(?![A-Za-z0-9+/=])/, issued),
  // ThingsBoard device tokens ride in the path of its telemetry API.
  named('api_key', ['thingsboard'], /[\w.-]{0,60}(?::\d{1,5})?\/api\/v1\/(?<value>[A-Za-z0-9]{20})(?=\/)/, issued),
  // TrueNAS API keys in its WebSocket login call (`auth.login_with_api_key`): id, `-`, 64 characters.
  named('api_key', ['"params"'], /[ \t\r\n]{0,20}:[ \t\r\n]{0,20}\[[ \t\r\n]{0,20}"(?<value>\d{1,6}-[A-Za-z0-9]{64})(?=")/, (v) =>
    issued(v.slice(v.indexOf('-') + 1))),
  // .NET: `new NetworkCredential("user", "password"[, "domain"])`; the user name stays.
  named('password', ['NetworkCredential'], /\([ \t]{0,5}"[^"\n]{1,200}"[ \t]{0,5},[ \t]{0,5}"(?<value>[^"\n]{1,200})(?=")/, notPlaceholder),
  // .NET: `new DirectoryEntry("LDAP://…", "user", "password")`, the arguments on one line or several.
  named('password', ['DirectoryEntry'],
    /\(\s{0,20}"[^"\n]{1,300}"\s{0,20},\s{0,20}"[^"\n]{1,200}"\s{0,20},\s{0,20}"(?<value>[^"\n]{1,200})(?=")/, notPlaceholder),
  // Sysinternals PsExec: `psexec \\host -u USER -p PASSWORD …`.
  named('password', ['psexec', 'PsExec', 'PSEXEC', 'psExec', 'Psexec'],
    /[^\n]{0,100}?[ \t]-u[ \t]{0,5}[^\s"']{1,100}[ \t]{1,5}-p[ \t]{0,5}(?<value>[^\s"']{1,100})/, notPlaceholder),
  // ngrok's agent token, as its CLI takes it (`ngrok config add-authtoken …`) or its config holds it.
  named('api_key', ['authtoken', 'add-authtoken'], /[ \t]{0,3}:?[ \t]{1,5}["']?(?<value>[A-Za-z0-9]{20,30}_[A-Za-z0-9]{16,26})(?![\w-])/, issued),
  // Azure DevOps' classic personal access tokens: 52 characters of base32 under the names pipelines give them.
  named('azure_devops_token', ['ado_pat', 'ADO_PAT', 'AZURE_DEVOPS_PAT', 'azure_devops_pat', 'AZURE_DEVOPS_EXT_PAT', 'AZDO_PAT'],
    /["']?[ \t]{0,5}[:=][ \t]{0,5}["']?(?<value>[a-z2-7]{52})(?![\w-])/, (v) => /\d/.test(v) && !isFakeBody(v)),
  // Code Climate's test reporter id lets anyone post coverage for the repository.
  named('api_key', ['CC_TEST_REPORTER_ID'], /["']?[ \t]{0,5}[:=][ \t]{0,5}["']?(?<value>[a-f0-9]{64})(?![\w-])/, issued),
  // libcurl's options set in C (`curl_easy_setopt(curl, CURLOPT_PASSWORD, "…")`): passwords, a key's passphrase, an
  // OAuth bearer token, and `user:password` pairs whose user name stays.
  named('password', ['CURLOPT_PASSWORD', 'CURLOPT_PROXYPASSWORD', 'CURLOPT_KEYPASSWD', 'CURLOPT_TLSAUTH_PASSWORD', 'CURLOPT_PROXY_TLSAUTH_PASSWORD'],
    /[ \t]{0,5},[ \t]{0,5}"(?<value>[^"\\\n]{1,300})(?=")/, notPlaceholder),
  named('api_key', ['CURLOPT_XOAUTH2_BEARER'], /[ \t]{0,5},[ \t]{0,5}"(?<value>[^"\\\s]{8,2000})(?=")/, notPlaceholder),
  named('password', ['CURLOPT_USERPWD', 'CURLOPT_PROXYUSERPWD'], /[ \t]{0,5},[ \t]{0,5}"[^":\n]{0,100}:(?<value>[^"\\\n]{1,300})(?=")/, notPlaceholder),
  // Android's `buildConfigField "String", "API_KEY", "\"…\""` (Groovy or Kotlin): a value compiled into the app.
  named('api_key', ['buildConfigField'],
    /[ \t(]{1,3}["']String["'][ \t]{0,3},[ \t]{0,3}["'](?<name>[\w.]{1,80})["'][ \t]{0,3},[ \t]{0,3}["']\\?["']?(?<value>[^"'\\\s]{8,300})/,
    (v, groups) => classifyKey(groups.name) !== undefined && looksSecret(v) && notPlaceholder(v)),
];

export const suffixAnchoredRules: PatternRule[] = [
  {
    // Tableau personal access token secrets: 22 characters of base64, `==:`, then 32 letters and digits.
    kind: 'tableau_token',
    anchor: { literal: '==:', back: /[A-Za-z0-9+/]/, maxBack: 22 },
    pattern: /(?<![\w+/-])[A-Za-z0-9+/]{22}==:[A-Za-z0-9]{32}(?![\w-])/y,
    accept: (value) => issued(value.slice(25)),
  },
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
];
