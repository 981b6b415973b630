import { fake, R, type Case, type Negative } from './corpus-helpers';

// Secrets written without an assignment's `=`: PEM blocks under labels of their own, lists of
// passwords or keys under a plural name, a user name and password written as a pair (notes, tickets,
// command options), Azure Storage account keys, and Tableau's personal access token secrets.
// Every value is generated here from the format's alphabet; none is copied.

const BODY = [fake(64, 'b64', 1001), fake(64, 'b64', 1002), fake(40, 'b64', 1003)].join('\n');
const INLINE = fake(88, 'b64', 1004);
const AZURE_KEY = `${fake(86, 'b64', 1005)}==`;
const TABLEAU = `${fake(22, 'b64', 1006)}==:${fake(32, 'alnum', 1007)}`;
const PW1 = `Zq${fake(8, 'alnum', 1008)}!`;
const PW2 = `k${fake(9, 'alnum', 1009)}#7`;
const KEY1 = fake(32, 'alnum', 1010);

export const pairListCases: Case[] = [
  // A `pass "…"` line of a config (the key starts its line; after other words it is the verb).
  ['pass and a quoted value on its own line', 'user admin\n  pass "Tr0ub4dor&3"', `user admin\n  pass "${R('password')}"`],
  // PEM labels of hand-made configs and of other tools
  ['pem block labelled RSA KEY', `<key>\n  -----BEGIN RSA KEY-----\n${BODY}\n  -----END RSA KEY-----\n</key>`, `<key>\n  ${R('private_key')}\n\n\n\n\n</key>`],
  ['pem block on one line', `"key": "-----BEGIN RSA KEY-----${INLINE}-----END RSA KEY-----",`, `"key": "${R('private_key')}",`],
  [
    'pem block in a YAML string continued with backslashes',
    `key: "\\\n  -----BEGIN RSA KEY----- \\\n  ${fake(64, 'b64', 1011)} \\\n  -----END RSA KEY-----\\\n  "`,
    `key: "\\\n  ${R('private_key')}\n\n\\\n  "`,
  ],
  [
    'ssh2 (RFC 4716) encrypted private key',
    `---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nComment: "rsa-key-20240502"\n${BODY}\n---- END SSH2 ENCRYPTED PRIVATE KEY ----`,
    `${R('private_key')}\n\n\n\n\n`,
  ],
  // Lists under a plural name
  ['json list of passwords', `"hardcoded_passwords": ["${PW1}", "${PW2}"]`, `"hardcoded_passwords": ["${R('password')}", "${R('password', 2)}"]`],
  ['yaml block list of passwords', `passwords:\n  - "${PW1}"\n  - ${PW2} # old one\nnext: 1`,
    `passwords:\n  - "${R('password')}"\n  - ${R('password', 2)} # old one\nnext: 1`],
  ['python list of passwords', `PASSWORDS = ['${PW1}', '${PW2}']`, `PASSWORDS = ['${R('password')}', '${R('password', 2)}']`],
  ['yaml flow list of api keys', `api_keys: [${KEY1}]`, `api_keys: [${R('api_key')}]`],
  // A user name and a password as a pair
  ['login and pw on one line', `login snoop pw ${PW1}`, `login snoop pw ${R('password')}`],
  ['username and password on two lines, no separator', `username root\npassword crickets`, `username root\npassword ${R('password')}`],
  ['u: and p: on two lines', 'u: snoop\np: biggreenhat', `u: snoop\np: ${R('password')}`],
  ['UserName and PassWord in camel case', 'UserName snoop PassWord biggreenhat', `UserName snoop PassWord ${R('password')}`],
  ['a short password after an e-mail login', 'username: joe@example.com\npassword moi', `username: ${R('email')}\npassword ${R('password')}`],
  ['docker login -u -p', `docker login registry.example.io -u ci-bot -p ${PW1}`, `docker login registry.example.io -u ci-bot -p ${R('password')}`],
  ['sqlcmd -U -P, quoted', `sqlcmd -S localhost -U sa -P "${PW2}"`, `sqlcmd -S localhost -U sa -P "${R('password')}"`],
  ['an e-mail address and its password apart by a slash, where the line names a login',
    'Employee portal leaked credentials: maria.alexei@jobport.net / SecureP@ss8901.\nlogin: ops@corp.example / W!nter2024, then a@b.io / K9#mx2Qv',
    `Employee portal leaked credentials: ${R('email')} / ${R('password')}.\nlogin: ${R('email', 2)} / ${R('password', 2)}, then ${R('email', 3)} / ` +
      `${R('password', 3)}`],
  ['after an address and a slash, no password where no login is named, nor an address or a path',
    'Maintainers: jane@x.org / Jan2024b\nlogin: a@b.com / c@d.com; account a@b.com / src/main',
    `Maintainers: ${R('email')} / Jan2024b\nlogin: ${R('email', 2)} / ${R('email', 3)}; account ${R('email', 2)} / src/main`],
  // Azure Storage and Tableau
  ['azure storage account key under a camelCase name', `storageAccountKey = "${AZURE_KEY}";`, `storageAccountKey = "${R('azure_storage_key')}";`],
  ['azure storage account key in yaml', `  AZURE_STORAGE_ACCOUNT_KEY: ${AZURE_KEY}`, `  AZURE_STORAGE_ACCOUNT_KEY: ${R('azure_storage_key')}`],
  ['duo secret key beside its integration key', `[duo]\nikey = DI${fake(18, 'upper', 1012)}\nskey = ${fake(40, 'alnum', 1013)}`,
    `[duo]\nikey = DI${fake(18, 'upper', 1012)}\nskey = ${R('api_key')}`],
  // Lines commented out
  ['a password on a commented-out line, spaced', `# DB_PASSWORD = ${PW1}`, `# DB_PASSWORD = ${R('password')}`],
  ['an api key in a comment, the key written with a space', `\t// API KEY = ${fake(80, 'upper', 1014)}`, `\t// API KEY = ${R('api_key')}`],
  ['USERNAME and PASSWORD in capitals', `USERNAME deploy\nPASSWORD ${PW2}`, `USERNAME deploy\nPASSWORD ${R('password')}`],
  ['tableau personal access token secret alone on its line', `pat ci-token\n${TABLEAU}\n`, `pat ci-token\n${R('tableau_token')}\n`],
];

export const pairListLookalikes: Negative[] = [
  ['an RSA public key', `-----BEGIN RSA PUBLIC KEY-----\n${BODY}\n-----END RSA PUBLIC KEY-----`],
  ['an SSH2 public key', `---- BEGIN SSH2 PUBLIC KEY ----\nComment: "rsa-key"\n${BODY}\n---- END SSH2 PUBLIC KEY ----`],
  ['a PEM marker around words', '-----BEGIN PRIVATE KEY-----this is not a private key-----END PRIVATE KEY-----'],
  ["Laravel's validation rules under a password key", "'password' => ['required', 'string', 'min:8', 'confirmed'],"],
  ["Laravel's password brokers", "'passwords' => [\n    'users' => [\n        'provider' => 'users',\n        'expire' => 60,\n    ],\n],"],
  ['names of secrets in a Compose service', 'secrets:\n  - db_password\n  - my_secret_2'],
  // flask's testing.py: read as a key, `subdomain` was hidden at all its 8 places in the file.
  ['the verb pass before a quoted name', `        assert not (base_url or subdomain), (\n            'Cannot pass "subdomain" or "url_scheme" with "base_url".'\n        )`],
  ["a lexer's tokens", 'tokens: ["if", "else", "while"]'],
  ['variables in a list', 'const passwords = [password1, pw_two];'],
  ['a form label', 'Username and Password'],
  ['a sentence about a login', 'username and password required'],
  ['a password that repeats the user name', 'login admin pw admin'],
  ['a docker run with a user and a port mapping', 'docker run -u app -p 8080:80 nginx'],
  ["mysql's -p before a database name", 'mysql -u root -p mydb'],
  ['a documented default login on a command line', 'oc login -u developer -p developer'],
  ['a login from variables', 'docker login -u "$REGISTRY_USER" -p "$REGISTRY_PASS"'],
  ['a short ordinary key under a storage name', 'storageKey = "user-settings"'],
  ['a cache key under skey', 'skey = "user:123:profile"'],
  ['a comment that explains a password', '# password = required for login'],
  ['a comment that explains a token', '// token = the token of the user'],
];
