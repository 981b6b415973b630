import { isPlaceholderValue } from '../checks';
import type { PatternRule } from '../detector';

// Passwords written in the formats of devices, servers and SQL scripts, with no `=` before them:
// a Cisco configuration's type 7 passwords (a reversible encoding, as good as the password) and
// its clear ones, `IDENTIFIED BY '…'` of MySQL, MariaDB and Oracle, Redis's `requirepass`/`masterauth`,
// a Wi-Fi network's `psk=` in wpa_supplicant.conf and hostapd.conf, `net user NAME PASSWORD` on Windows,
// Oracle's `user/password@db`, the password options of tools that take one their own way (keytool's
// `-storepass`, `redis-cli -a`, `ldapsearch -w`, PowerShell's `ConvertTo-SecureString`, curl's `--oauth2-bearer`,
// Samba's `-U user%password`, FreeRDP's `/p:`), Maven's master password, and a wallet's seed phrase (BIP-39: 12 to 24 words) under a key naming it.
// Every rule is anchored on a literal: one pass of a regular expression finds them all (findBySignatures),
// and each rule's pattern runs only where its literal is, with bounded runs, so the scan stays linear.

/** Redis's documented example password (redis.conf: `# requirepass foobared`) and its tests' `foobar`. */
const REDIS_EXAMPLE = /^(?:foobared|foobar)$/;

const notPlaceholder = (value: string) => /[A-Za-z0-9]/.test(value) && !isPlaceholderValue(value);

/** Cisco's type 7: two decimal digits (the key's offset, 00 to 15), then the encoded bytes in hex. */
const isCiscoType7 = (value: string) => value.length % 2 === 0 && Number(value.slice(0, 2)) <= 15;

/**
 * A seed phrase as wallets issue it: 12, 15, 18, 21 or 24 words, nearly all different. Hardhat's and
 * Ganache's `test test … junk` and BIP-39's test vectors (`abandon abandon … about`, `legal winner
 * thank year … legal winner thank yellow`) repeat their words: public, kept.
 */
function isSeedPhrase(value: string): boolean {
  const words = value.toLowerCase().split(/[ \t]+/);
  return words.length % 3 === 0 && new Set(words).size >= words.length - 2;
}

/** htpasswd's flags with `-b` among them (batch mode: the password is the last argument). */
const HTPASSWD_BATCH = /htpasswd(?:[ \t]{1,5}-[a-zA-Z]{1,5}(?:[ \t]{1,5}\d{1,3})?){0,3}[ \t]{1,5}-[a-zA-Z]{0,4}b/;

/** At most `max` characters of the line before `at`. */
function lineBefore(text: string, at: number, max: number): string {
  const window = text.slice(Math.max(0, at - max), at);
  return window.slice(window.lastIndexOf('\n') + 1);
}

/** Nothing to walk back over: the rule's pattern opens with its literal. */
const NONE = /(?!)/;
/** A line's start, indentation allowed: the pattern's lookbehind where a directive must open its line. */
const LINE_START = /(?<=(?:^|\n)[ \t]{0,20})/.source;
/** A password option's value, quoted or not, up to the next space. */
const OPTION_VALUE = /[ \t]{0,5}(?<q>["']?)(?<value>[^\s"'$%-][^\s"']{2,127})\k<q>(?!\S)/.source;

const anchored = (literals: string[], pattern: RegExp, accept: PatternRule['accept'], back = NONE, maxBack = 0, kind = 'password') =>
  literals.map((literal): PatternRule => ({ kind, pattern, accept, anchor: { literal, back, maxBack } }));

export const configCredentialRules: PatternRule[] = [
  // `username admin password 7 0822455D0A16`, `enable password 7 …`, `tacacs-server key 7 …`, `… md5 7 …`.
  ...anchored(
    ['password 7 ', 'key 7 ', 'string 7 ', 'md5 7 '],
    /(?<![\w-])(?:password|key|key-string|md5) 7 (?<value>\d{2}(?:[0-9A-Fa-f]{2}){2,60})(?![\w])/dy,
    isCiscoType7,
    /[a-z-]/,
    4,
  ),
  // `username admin privilege 15 secret 0 Cl34r!`, `enable password Cl34r!`: a clear password at a line's end.
  ...anchored(
    ['username ', 'enable '],
    new RegExp(
      LINE_START +
        /(?:username[ \t]{1,5}\S{1,64}[ \t]{1,5}(?:privilege[ \t]{1,5}\d{1,2}[ \t]{1,5})?|enable[ \t]{1,5})(?:password|secret)[ \t]{1,5}/.source +
        /(?:0[ \t]{1,5})?(?<value>[^\s$]\S{3,63})[ \t]{0,20}(?=\r?\n|$)/.source,
      'dy',
    ),
    notPlaceholder,
  ),
  // SQL's `CREATE USER … IDENTIFIED BY 'S3cr3t'`, `IDENTIFIED WITH mysql_native_password BY "…"`.
  ...anchored(
    ['IDENTIFIED ', 'identified '],
    // `IDENTIFIED WITH mysql_native_password AS '*6BB4…'`, as mysqldump writes users: the stored hash cracks offline.
    new RegExp(
      /identified[ \t]{1,5}(?:with[ \t]{1,5}['"`]?\w{1,40}['"`]?[ \t]{1,5}(?:by|as)|by)[ \t]{1,5}(?:password[ \t]{1,5})?/.source +
        /(?<q>['"])(?<value>[^'"\n]{1,128})\k<q>/.source,
      'dyi',
    ),
    notPlaceholder,
  ),
  // Oracle's unquoted form, `CREATE USER scott IDENTIFIED BY tiger2;` (an identifier: a letter, then letters,
  // digits, `_`, `$`, `#`), only after `USER name` so prose (`identified by email`) stays.
  ...anchored(
    ['IDENTIFIED ', 'identified '],
    new RegExp(
      /(?<=\b(?:create|alter)[ \t]{1,5}user[ \t]{1,5}[^\s;]{1,64}[ \t]{1,5})identified[ \t]{1,5}by[ \t]{1,5}/.source +
        /(?!(?:values|password|externally|globally)\b)(?<value>[a-z][\w$#]{2,29})(?![\w$#'"`])/.source,
      'dyi',
    ),
    notPlaceholder,
  ),
  // PostgreSQL's `CREATE ROLE app WITH LOGIN PASSWORD 'hunter'`, `ALTER USER app ENCRYPTED PASSWORD '…'`: a literal after
  // `PASSWORD` in a role's statement, letters only too (the statement names it a password; a bare `password 'x'` in prose does not).
  ...anchored(
    ["PASSWORD '", "password '"],
    new RegExp(
      /(?<=\b(?:create|alter)[ \t]{1,5}(?:user|role)[ \t]{1,5}[^\s;]{1,64}(?:[ \t]{1,5}[a-z_]{1,20}){0,6}[ \t]{1,5})/.source +
        /password[ \t]{1,5}'(?<value>[^'\n]{1,128})'/.source,
      'dyi',
    ),
    notPlaceholder,
  ),
  // MySQL's password function in an assignment (`SET PASSWORD = PASSWORD('…')`, `authentication_string = PASSWORD('…')`).
  ...anchored(
    ['PASSWORD(', 'PASSWORD ('],
    /(?<==[ \t]{0,5})PASSWORD[ \t]?\([ \t]{0,5}(?<q>['"])(?<value>[^'"\n]{1,128})\k<q>[ \t]{0,5}\)/dy,
    notPlaceholder,
  ),
  // redis.conf's `requirepass …` / `masterauth …` at a line's start, and `CONFIG SET requirepass …` (not a
  // test's variable, `$::password]`, nor a log's `(redacted)`).
  ...anchored(
    ['requirepass', 'masterauth'],
    new RegExp(
      /(?<=(?:^|\n)[ \t]{0,20}|\b[Cc][Oo][Nn][Ff][Ii][Gg][ \t]{1,5}[Ss][Ee][Tt][ \t]{1,5})(?:requirepass|masterauth)[ \t]{1,5}/.source +
        /(?<q>["']?)(?<value>[^\s"'$[\](){}]{4,128})\k<q>(?!\S)/.source,
      'dy',
    ),
    (value) => notPlaceholder(value) && !REDIS_EXAMPLE.test(value),
  ),
  // wpa_supplicant.conf's `psk="passphrase"` (8 to 63 characters) or `psk=<64 hex>`; hostapd's `wpa_psk=`, WPA3's `sae_password=`.
  ...anchored(
    ['psk=', 'sae_password='],
    new RegExp(LINE_START + /(?:psk|wpa_psk|sae_password)=(?<q>"?)(?<value>[^"\n]{8,64})\k<q>[ \t]{0,20}(?=\r?\n|$)/.source, 'dy'),
    // Unquoted, only the 256-bit key in hex: a word there is no passphrase wpa_supplicant would take.
    (value, text, start) => notPlaceholder(value) && (text[start - 1] === '"' || /^[0-9a-fA-F]{64}$/.test(value)),
    /[a-z_]/,
    4,
  ),
  // Windows' `net user svc_backup Pa55word /add`: the password after the user name (`*` prompts for one).
  ...anchored(
    ['net user ', 'NET USER ', 'Net User '],
    /(?<!\w)net[ \t]user[ \t]{1,5}[^\s/"'%*]{1,64}[ \t]{1,5}(?<value>[^\s/*"'%$-][^\s"']{3,127})(?=[ \t]{1,5}\/|[ \t]{0,20}(?:\r?\n|$))/dyi,
    notPlaceholder,
  ),
  // Oracle's `user/password@database`: a thin JDBC URL and sqlplus's login. `scott/tiger` is Oracle's sample schema.
  ...anchored(
    ['jdbc:oracle:', 'sqlplus '],
    /(?:jdbc:oracle:(?:thin|oci8?):|sqlplus[ \t]{1,5}(?:-[sSlL][ \t]{1,5}){0,2}["']?)[A-Za-z0-9_$#]{1,30}\/(?<value>[^\s@/"']{1,128})@/dy,
    (value) => notPlaceholder(value) && value.toLowerCase() !== 'tiger',
  ),
  // PowerShell's `ConvertTo-SecureString "…" -AsPlainText -Force` (also `-String "…"`): the plain text is the password.
  ...anchored(
    ['ConvertTo-SecureString', 'convertto-securestring'],
    /convertto-securestring(?:[ \t]{1,3}-(?:string|asplaintext|force)\b)*[ \t]{1,3}(?<q>\\?["']?)(?<value>[^\s"'$(\\-][^\s"'\\]{2,199})\k<q>(?![^\s;|)"'])/dyi,
    notPlaceholder,
  ),
  // Maven's settings-security.xml: the `<master>` password that decrypts every `{…}` password of settings.xml. Its own
  // `{…}` form is encrypted with a key Maven publishes, so it is as good as the plain one.
  ...anchored(
    ['<master>'],
    /<master>[ \t]{0,20}(?<value>[^<\s]{4,300})[ \t]{0,20}<\/master>/dy,
    (value, text) => notPlaceholder(value) && text.includes('<settingsSecurity>'),
  ),
  // WordPress's keys and salts (wp-config.php's `define('NONCE_SALT', '…')`, Bedrock's `.env`): 64 characters from an alphabet
  // with spaces and punctuation, which the assignment rules take for prose. `put your unique phrase here` is the template's.
  ...anchored(
    ['AUTH_KEY', 'AUTH_SALT', 'LOGGED_IN_KEY', 'LOGGED_IN_SALT', 'NONCE_KEY', 'NONCE_SALT'],
    /(?<![A-Za-z0-9])[A-Z_]{8,20}["']?[ \t]{0,20}[,=][ \t]{0,20}(?<q>["'])(?<value>[^"'\n]{40,128})\k<q>/dy,
    (value) => notPlaceholder(value) && new Set(value).size >= 20,
    /[A-Z_]/,
    7,
    'api_key',
  ),
  // Consul's and Nomad's gossip encryption key (`encrypt = "…"`, `-encrypt=…`): 16 or 32 random bytes in base64.
  ...anchored(
    ['encrypt'],
    /(?<![\w.])encrypt["']?[ \t]{0,5}[=:][ \t]{0,5}(?<q>["']?)(?<value>[A-Za-z0-9+/]{22}==|[A-Za-z0-9+/]{43}=)\k<q>(?![\w+/=])/dy,
    (value) => /\d/.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value),
    NONE,
    0,
    'api_key',
  ),
  // `htpasswd -b[c] file user password` (`-b` among its flags): the password on the command line, as scripts and Dockerfiles write it.
  ...anchored(
    ['htpasswd '],
    new RegExp(
      // The file is left out with `-n`, which prints the line instead of writing it.
      /htpasswd(?:[ \t]{1,5}-[a-zA-Z]{1,5}(?:[ \t]{1,5}\d{1,3})?){1,4}(?:[ \t]{1,5}[^\s-]\S{0,200})?[ \t]{1,5}[^\s-]\S{0,63}[ \t]/.source +
        /[ \t]{0,4}(?<q>["']?)(?<value>[^\s"'$%-][^\s"']{2,127})\k<q>(?!\S)/.source,
      'dy',
    ),
    (value, text, start) => notPlaceholder(value) && HTPASSWD_BATCH.test(lineBefore(text, start, 420)),
  ),
  // curl's `--oauth2-bearer TOKEN`.
  ...anchored(['--oauth2-bearer'], /--oauth2-bearer[ \t=]{1,3}(?<q>["']?)(?<value>[^\s"'$%-][^\s"']{7,2000})\k<q>(?!\S)/dy, notPlaceholder, NONE, 0, 'api_key'),
  // keytool's and jarsigner's `-storepass …`, `-keypass …`, `-srcstorepass …`, `-deststorepass …`.
  ...anchored(
    ['storepass ', 'keypass '],
    new RegExp(/(?<![\w-])-(?:src|dest|new)?(?:store|key)pass/.source + OPTION_VALUE, 'dy'),
    notPlaceholder,
    /[a-z-]/,
    5,
  ),
  // `redis-cli -a …`, `ldapsearch … -w …`, `smbclient -U user%…`, `xfreerdp /p:…`: one tool's own password option on its line.
  ...anchored(['redis-cli '], new RegExp(/redis-cli[^\n]{0,120}?[ \t]-a/.source + OPTION_VALUE, 'dy'), notPlaceholder),
  ...anchored(
    ['ldap'],
    new RegExp(/ldap(?:search|add|modify|delete|passwd|whoami|compare|modrdn) [^\n]{0,200}?[ \t]-w/.source + OPTION_VALUE, 'dy'),
    notPlaceholder,
  ),
  ...anchored(
    ['smbclient ', 'rpcclient '],
    new RegExp(/(?:smb|rpc)client [^\n]{0,120}?[ \t](?:-U|--user=)[ \t]{0,5}["']?[^\s%"']{1,64}%/.source + OPTION_VALUE, 'dy'),
    notPlaceholder,
  ),
  ...anchored(['freerdp'], new RegExp(/[xw]freerdp3?\b[^\n]{0,200}?[ \t]\/p:/.source + OPTION_VALUE, 'dy'), notPlaceholder, /[xw]/, 1),
  // `MNEMONIC="…"`, `mnemonic: …`, `seedPhrase = '…'`, `recovery phrase: …`: what rebuilds every key of a wallet.
  // Found from `nemonic` and `hrase`, the part every spelling shares (`MNEMONIC`, `seedPhrase`, `Recovery phrase`).
  ...anchored(
    ['nemonic', 'NEMONIC', 'hrase', 'HRASE'],
    new RegExp(
      /(?:(?<=(?<![A-Za-z])[mM])nemonic|(?<=(?<![A-Za-z])(?:seed|recovery)[ _-]?[pP])hrase)["'`]?[ \t]{0,5}(?:[:=]|:=|=>)[ \t]{0,5}["'`]?/.source +
        /(?<value>[a-z]{3,8}(?:[ \t]{1,3}[a-z]{3,8}){11,23})(?![\w-])/.source,
      'dyi',
    ),
    isSeedPhrase,
    NONE,
    0,
    'seed_phrase',
  ),
];
