import { isPlaceholderValue } from '../checks';
import type { PatternRule } from '../detector';

// Passwords written in the formats of devices, servers and SQL scripts, with no `=` before them:
// a Cisco configuration's type 7 passwords (a reversible encoding, as good as the password) and
// its clear ones, `IDENTIFIED BY '…'` of MySQL, MariaDB and Oracle, Redis's `requirepass`/`masterauth`,
// a Wi-Fi network's `psk=` in wpa_supplicant.conf and hostapd.conf, `net user NAME PASSWORD` on Windows,
// Oracle's `user/password@db`, the password options of tools that take one their own way (keytool's
// `-storepass`, `redis-cli -a`, `ldapsearch -w`, Samba's `-U user%password`, FreeRDP's `/p:`), and a
// wallet's seed phrase (BIP-39: 12 to 24 words) under a key naming it.
// Every pattern is anchored on a literal or a line start, with bounded runs, so the scan stays linear.

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

export const configCredentialRules: PatternRule[] = [
  {
    // `username admin password 7 0822455D0A16`, `enable password 7 …`, `tacacs-server key 7 …`, `… md5 7 …`.
    kind: 'password',
    hint: [' 7 '],
    pattern: /\b(?:password|key|key-string|md5)[ \t]{1,5}7[ \t]{1,5}(?<value>\d{2}(?:[0-9A-Fa-f]{2}){2,60})(?![\w])/dg,
    accept: isCiscoType7,
  },
  {
    // `username admin privilege 15 secret 0 Cl34r!`, `enable password Cl34r!`: a clear password at a line's end.
    kind: 'password',
    hint: ['username', 'enable '],
    pattern: new RegExp(
      /^[ \t]{0,20}(?:username[ \t]{1,5}\S{1,64}[ \t]{1,5}(?:privilege[ \t]{1,5}\d{1,2}[ \t]{1,5})?|enable[ \t]{1,5})/.source +
        /(?:password|secret)[ \t]{1,5}(?:0[ \t]{1,5})?(?<value>[^\s$]\S{3,63})[ \t]{0,20}\r?$/.source,
      'dgm',
    ),
    accept: notPlaceholder,
  },
  {
    // SQL's `CREATE USER … IDENTIFIED BY 'S3cr3t'`, `IDENTIFIED WITH mysql_native_password BY "…"`.
    kind: 'password',
    hint: ['IDENTIFIED', 'identified'],
    pattern: new RegExp(
      /\bidentified[ \t]{1,5}(?:with[ \t]{1,5}['"`]?\w{1,40}['"`]?[ \t]{1,5})?by[ \t]{1,5}/.source +
        /(?:password[ \t]{1,5})?(?<q>['"])(?<value>[^'"\n]{1,128})\k<q>/.source,
      'dgi',
    ),
    accept: notPlaceholder,
  },
  {
    // redis.conf's `requirepass …` / `masterauth …` at a line's start, and `CONFIG SET requirepass …` (not a
    // test's variable, `$::password]`, nor a log's `(redacted)`).
    kind: 'password',
    hint: ['requirepass', 'masterauth'],
    pattern: /(?:^[ \t]{0,20}|\bconfig[ \t]{1,5}set[ \t]{1,5})(?:requirepass|masterauth)[ \t]{1,5}(?<q>["']?)(?<value>[^\s"'$[\](){}]{4,128})\k<q>(?!\S)/dgim,
    accept: (value) => notPlaceholder(value) && !REDIS_EXAMPLE.test(value),
  },
  {
    // wpa_supplicant.conf's `psk="passphrase"` (8 to 63 characters) or `psk=<64 hex>`; hostapd's `wpa_psk=`, WPA3's `sae_password=`.
    kind: 'password',
    hint: ['psk=', 'sae_password='],
    pattern: /^[ \t]{0,20}(?:psk|wpa_psk|sae_password)=(?<q>"?)(?<value>[^"\n]{8,64})\k<q>[ \t]{0,20}\r?$/dgm,
    // Unquoted, only the 256-bit key in hex: a word there is no passphrase wpa_supplicant would take.
    accept: (value, text, start) => notPlaceholder(value) && (text[start - 1] === '"' || /^[0-9a-fA-F]{64}$/.test(value)),
  },
  {
    // Windows' `net user svc_backup Pa55word /add`: the password after the user name (`*` prompts for one).
    kind: 'password',
    hint: ['net user', 'NET USER', 'Net User', 'net User'],
    pattern: /\bnet[ \t]{1,5}user[ \t]{1,5}[^\s/"'%*]{1,64}[ \t]{1,5}(?<value>[^\s/*"'%$-][^\s"']{3,127})(?=[ \t]{1,5}\/|[ \t]{0,20}\r?$)/dgim,
    accept: notPlaceholder,
  },
  {
    // Oracle's `user/password@database`: a thin JDBC URL and sqlplus's login. `scott/tiger` is Oracle's sample schema.
    kind: 'password',
    hint: ['jdbc:oracle:', 'sqlplus'],
    pattern: /(?:\bjdbc:oracle:(?:thin|oci8?):|\bsqlplus[ \t]{1,5}(?:-[sSlL][ \t]{1,5}){0,2}["']?)[A-Za-z0-9_$#]{1,30}\/(?<value>[^\s@/"']{1,128})@/dg,
    accept: (value) => notPlaceholder(value) && value.toLowerCase() !== 'tiger',
  },
  {
    // keytool's and jarsigner's `-storepass …`, `-keypass …`, `-srcstorepass …`, `-deststorepass …`.
    kind: 'password',
    hint: ['pass '],
    pattern: /(?<![\w-])-(?:src|dest|new)?(?:store|key)pass[ \t]{1,5}(?<q>["']?)(?<value>[^\s"'$%:-][^\s"']{3,127})\k<q>(?!\S)/dg,
    accept: notPlaceholder,
  },
  {
    // `redis-cli -a …`, `ldapsearch … -w …`, `smbclient -U user%…`, `xfreerdp /p:…`: one tool's own password option on its line.
    kind: 'password',
    hint: ['redis-cli', 'ldap', 'smbclient', 'rpcclient', 'freerdp'],
    pattern: new RegExp(
      '\\b(?:' +
        [
          /redis-cli\b[^\n]{0,120}?[ \t]-a/.source,
          /ldap(?:search|add|modify|delete|passwd|whoami|compare|modrdn)\b[^\n]{0,200}?[ \t]-w/.source,
          /(?:smbclient|rpcclient)\b[^\n]{0,120}?[ \t](?:-U|--user=)[ \t]{0,5}["']?[^\s%"']{1,64}%/.source,
          /[xw]freerdp3?\b[^\n]{0,200}?[ \t]\/p:/.source,
        ].join('|') +
        ')' +
        /[ \t]{0,5}(?<q>["']?)(?<value>[^\s"'$%-][^\s"']{2,127})\k<q>(?!\S)/.source,
      'dg',
    ),
    accept: notPlaceholder,
  },
  {
    // `MNEMONIC="…"`, `mnemonic: …`, `seedPhrase = '…'`, `recovery phrase: …`: what rebuilds every key of a wallet.
    kind: 'seed_phrase',
    hint: ['nemonic', 'NEMONIC', 'hrase', 'HRASE'],
    pattern: new RegExp(
      /\b(?:mnemonic|(?:seed|recovery)[ _-]?phrase)["'`]?[ \t]{0,5}(?:[:=]|:=|=>)[ \t]{0,5}["'`]?/.source +
        /(?<value>[a-z]{3,8}(?:[ \t]{1,3}[a-z]{3,8}){11,23})(?![\w-])/.source,
      'dgi',
    ),
    accept: isSeedPhrase,
  },
];
