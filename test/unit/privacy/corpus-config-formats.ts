import { fake, R, type Case, type Negative } from './corpus-helpers';

// Credentials in the formats of devices, servers, SQL scripts and setters' calls, where no `=`
// stands between a secret's name and its value: Cisco configurations, `IDENTIFIED BY`, redis.conf,
// wpa_supplicant.conf, `net user`, Java's and C#'s `("password", "…")` pairs, OpenVPN's static key,
// Apollo's graph keys and wallets' seed phrases. Values are generated; none is copied from a corpus.

const PASSWORD = fake(13, 'alnum', 1401);
const HEX64 = fake(64, 'hex', 1402);
const APOLLO = fake(22, 'url', 1403);
/** Cisco type 7: an offset of two decimal digits, then hex bytes. */
const TYPE7 = `08${fake(16, 'hex', 1404).toUpperCase()}`;
const OPENVPN_LINES = Array.from({ length: 16 }, (_, i) => fake(32, 'hex', 1410 + i));
const OPENVPN = `-----BEGIN OpenVPN Static key V1-----\n${OPENVPN_LINES.join('\n')}\n-----END OpenVPN Static key V1-----`;
const TEAMS_IDS = `${fake(8, 'hex', 1430)}-${fake(4, 'hex', 1431)}-4b6e-8f8a-${fake(12, 'hex', 1432)}@${fake(8, 'hex', 1433)}-f203-42ff-93e8-`
  + `${fake(12, 'hex', 1434)}/IncomingWebhook/${fake(32, 'hex', 1435)}/${fake(8, 'hex', 1436)}-b147-4f67-8a61-${fake(12, 'hex', 1437)}`;
/** Twelve words of the BIP-39 list, none repeated, as a wallet issues them. */
const SEED = 'ripple scissors kick mammal hire column oak again sun offer wealth tomorrow';

export const configFormatCases: Case[] = [
  ['a Cisco type 7 password and a clear enable password',
    `username admin privilege 15 password 7 ${TYPE7}\nenable password ${PASSWORD}\n`,
    `username admin privilege 15 password 7 ${R('password')}\nenable password ${R('password', 2)}\n`],
  ['a Cisco key in type 7 for TACACS+',
    `tacacs-server host 10.0.0.9 key 7 ${TYPE7}`, `tacacs-server host ${R('ip_address')} key 7 ${R('password')}`],
  ['MySQL IDENTIFIED BY, plain and with a plugin',
    `CREATE USER 'app'@'%' IDENTIFIED BY '${PASSWORD}';\nALTER USER 'ro'@'%' IDENTIFIED WITH mysql_native_password BY "${PASSWORD}x";`,
    `CREATE USER 'app'@'%' IDENTIFIED BY '${R('password')}';\nALTER USER 'ro'@'%' IDENTIFIED WITH mysql_native_password BY "${R('password', 2)}";`],
  ['redis.conf requirepass and masterauth, and CONFIG SET',
    `requirepass ${PASSWORD}\nmasterauth ${PASSWORD}w\nredis-cli CONFIG SET requirepass "${PASSWORD}y"`,
    `requirepass ${R('password')}\nmasterauth ${R('password', 2)}\nredis-cli CONFIG SET requirepass "${R('password', 3)}"`],
  ['a Wi-Fi passphrase in wpa_supplicant.conf and a hex PSK in hostapd.conf',
    `network={\n  ssid="office"\n  psk="${PASSWORD}"\n}\nwpa_psk=${HEX64}`,
    `network={\n  ssid="office"\n  psk="${R('password')}"\n}\nwpa_psk=${R('password', 2)}`],
  ['a Windows account created with its password',
    `net user svc_backup ${PASSWORD} /add /y`, `net user svc_backup ${R('password')} /add /y`],
  ['Java properties set by their names',
    `System.setProperty("javax.net.ssl.keyStorePassword", "${PASSWORD}");\nprops.put("mail.smtp.password", "${PASSWORD}z");`,
    `System.setProperty("javax.net.ssl.keyStorePassword", "${R('password')}");\nprops.put("mail.smtp.password", "${R('password', 2)}");`],
  ['a password under a plain name in a setter and a C# initializer',
    `props.setProperty("password", "${PASSWORD}");\nvar d = new Dictionary<string, string> { { "Password", "${PASSWORD}q" } };`,
    `props.setProperty("password", "${R('password')}");\nvar d = new Dictionary<string, string> { { "Password", "${R('password', 2)}" } };`],
  ["Oracle's user/password@database in a JDBC URL and a sqlplus login",
    `url=jdbc:oracle:thin:app/${PASSWORD}@//db.corp.io:1521/ORCL\nsqlplus app/${PASSWORD}k@ORCL`,
    `url=jdbc:oracle:thin:app/${R('password')}@//db.corp.io:1521/ORCL\nsqlplus app/${R('password', 2)}@ORCL`],
  ["tools' own password options: keytool, redis-cli, ldapsearch, smbclient, xfreerdp",
    `keytool -list -keystore app.jks -storepass ${PASSWORD}\nredis-cli -h cache -a ${PASSWORD}a ping\n`
      + `ldapsearch -x -D "cn=admin,dc=corp" -w ${PASSWORD}b -b dc=corp\nsmbclient //srv/share -U jdoe%${PASSWORD}c\n`
      + `xfreerdp /u:jdoe /p:${PASSWORD}d /v:rdp.corp.io`,
    `keytool -list -keystore app.jks -storepass ${R('password')}\nredis-cli -h cache -a ${R('password', 2)} ping\n`
      + `ldapsearch -x -D "cn=admin,dc=corp" -w ${R('password', 3)} -b dc=corp\nsmbclient //srv/share -U jdoe%${R('password', 4)}\n`
      + `xfreerdp /u:jdoe /p:${R('password', 5)} /v:rdp.corp.io`],
  ['a Rust string slice typed as a reference', `let password: &str = "${PASSWORD}";`, `let password: &str = "${R('password')}";`],
  ["OpenVPN's static key inline in a client profile",
    `<tls-auth>\n${OPENVPN}\n</tls-auth>`, `<tls-auth>\n${R('private_key')}${'\n'.repeat(17)}\n</tls-auth>`],
  ['an Apollo GraphOS graph key', `APOLLO_KEY=service:shop-graph:${APOLLO}`, `APOLLO_KEY=${R('apollo_key')}`],
  ['a wallet seed phrase under its key', `MNEMONIC="${SEED}"`, `MNEMONIC="${R('seed_phrase')}"`],
  ['a Teams webhook whose tenant host is a sample name',
    `https://example.webhook.office.com/webhookb2/${TEAMS_IDS}`,
    R('teams_webhook')],
];

export const configFormatLookalikes: Negative[] = [
  ['Cisco hashes (left to the hash rules) and a type 7 with an odd length',
    'enable secret 5 $1$mERr$\nusername admin password 7 0822455D0A165'],
  ['SQL with a bound parameter or a sample password', "IDENTIFIED BY '%s'\nGRANT ALL ON *.* TO 'u'@'%' IDENTIFIED BY 'password';"],
  ["redis.conf's documented example and a commented directive", '# requirepass foobared\nrequirepass foobared\nr config set requirepass foobar'],
  ['a Wi-Fi passphrase from the environment and an unquoted word', 'psk="$WIFI_PSK"\npsk=notahexkeyatall'],
  ['net user listing, deleting and prompting', 'net user john /delete\nnet user %USERNAME% /domain\nNET USER admin * /ADD'],
  ['a table of labels filled by a setter', 'labels.put("password", "Mot de passe");\nm.put("password", "Kennwort");\nres.put("password", "Password");'],
  ['a password hashed with a salt, and a member call', "scrypt('password', 'salt')\nconfig.password(\"value\")"],
  ["an Apollo key's shape with a filler", 'APOLLO_KEY=service:my-graph:aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa'],
  ["Hardhat's test mnemonic and BIP-39's test vector",
    'MNEMONIC="test test test test test test test test test test test junk"\n'
      + 'mnemonic: "legal winner thank year wave sausage worth useful legal winner thank yellow"'],
  ["Oracle's sample schema and tools told to prompt or read the environment",
    'sqlplus scott/tiger@ORCL\nredis-cli -a $REDIS_PASSWORD\nldapsearch -x -W -D cn=admin\nkeytool -list -storepass:env STOREPASS\nsmbclient -L srv -U guest%'],
  ['a sentence about a mnemonic', 'The mnemonic is the word list used to derive keys, as the wallet docs explain.'],
];
