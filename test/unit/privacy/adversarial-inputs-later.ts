// More inputs of the same kind (adversarial-inputs.ts), for the rules of later sessions: each
// rule's trigger repeated, with the part that would complete a match left out.

/** Named adversarial texts built with `fill` (a unit repeated to the size asked for). */
export function laterAdversarialInputs(fill: (unit: string) => string): Array<[string, string]> {
  return [
    // Keys in services' URLs (service-url-keys.ts): each literal repeated with its key one short or never there.
    ['service url heads without keys', fill('infura.io/v3/ alchemy.com/v2/abc appid=0a sig= ')],
    ['quoted sig keys without values', fill(`'sig': '"sig", "`)],
    ['x-oauth-basic logins after endless user characters', `https://${fill('a1_')}:x-oauth-basic@github.com ${fill(':x-oauth-basic@')}`],
    ['rapidapi middles without their ends', fill('0123456789msh0123456789abcdep012345jsn')],
    ['fcm, vault batch, riot and django heads one short', fill(`:APA91b${'aB3'.repeat(30)} b.AAAAAQ RGAPI-0123 django-insecure-ab `)],
    ['joined variables and backquoted commands, repeated', fill('password=" + password + " PG_PASSWORD=`cat /x | y` ')],
    ['quoted parts before an at sign, repeated', fill('")+"@example.com ')],
    ['flattened putty private lines without a MAC', `PuTTY-User-Key-File-3: ${fill('Private-Lines: 1 QUJD QUJD ')}`],
    ['rsa key values with endless private elements', `<RSAKeyValue>${fill('<D>QUJDREVGR0hJSktMTU5P</D><P>')}`],
    ['flattened pem markers around endless base64 words', `-----BEGIN PRIVATE KEY----- ${fill('QUJD ')} -----END PRIVATE KEY-----`],
    ['environment fallbacks without values', fill("process.env.API_SECRET || process.env.TOKEN ?? ")],
    ['P-521 heads, repeated', fill('MIHcAgEBBEI')],
    ['function keys after endless query parameters', fill('.azurewebsites.net/api/f?code=aB3dE5fG7hJ9kL2mN4pQ6rS8tU0vW1xaB3dE5fG7hJ9&')],
    // One endless line: each match looked back to its line's start (lastIndexOf), reading the text again; and two bounded
    // windows whose patterns split their blanks every way (a clause before a comma, a setter's value up to MAX_VALUE).
    ['e-mail and password pairs after a login word on one endless line', fill('login aaaa@bb.cc / xx.')],
    ['-u and -p pairs on one endless line', fill('-u a -p b1c2d3 ')],
    ['name labels on one endless line', fill('Name: Anna Lee ')],
    ['address keys on one endless line', fill('address: 12 Main Street ')],
    ['Japanese blocks without a postal mark, repeated', fill('1丁目2番3号 ')],
    ['sentence ends and blank runs before a comma and a given name', fill(`!${'\n'.repeat(40)}${' '.repeat(37)}1, Anna. `)],
    ['setter values of tabs before two line separators', fill(`put("password", "${'\t'.repeat(990)}\u2028x\u2028");\n`)],
    // Spelt-out titles and credentials (pii-titled-names.ts, titles.ts): each comma before a credential looks back once.
    ['spelt-out titles without names, and names with credentials', fill('Doctor Professor Emily Stone, MD, FACS ')],
    ['credentials after commas with no name before them, and listed clinicians', fill(',MD,RN Smith,James D,MD ')],
    // Lines a number rings (pii-phones-labelled.ts): every label looks back over at most 24 characters.
    ['line labels after digits, repeated', fill('416 60 039 office 1 fax 2-3-4 home ')],
    ['lower-case units after streets, repeated', fill('4 Elm Ct ste 2 apt ')],
    // Session 18's formats: each head repeated with its body one short, on one line and on many.
    ['key_, csk-, flp_, cr- and live_ heads one short', fill(`key_${'a1'.repeat(13)} csk-${'a1'.repeat(23)} flp_aB3 cr-0a1b live_${'f0'.repeat(15)} `)],
    ['mattermost hook paths without ids, one line and many', `${fill('https://chat.example.org/hooks/ab12 ')} ${fill('http://h/hooks/\n')}`],
    ['BotConnector and web chat embeds without secrets', fill("BotConnector ' + ' webchat.botframework.com/embed/b?a=1&s=abc.")],
    ['event grid signatures without their resource', `r=${fill('eventgrid.azure.net&e=1&s=')}`],
    // Each candidate's 600 characters before it held r= runs the resource check tried 400 characters from (hostile18).
    ['runs of r= before expiries and signatures', fill(`${'r='.repeat(150)}&e=1${'&s=aB3dE5fG7hJ9kL2mN4pQ6rS8tU0vW1xY3zA5bC7dE9fG1h'.repeat(6)}`)],
    ['client ids without secrets after them', fill('"1-a.apps.googleusercontent.com", "short",\n')],
    ['setx lines with quoted names and no values', fill('setx "API_TOKEN" "\n')],
    ['elements with attributes and no closing tag', fill('<Pass encoding="base64">QUJD<Pass a="b" c="d">')],
    [
      'pem lines joined with line breaks and no end',
      `-----BEGIN RSA PRIVATE KEY-----" + System.lineSeparator() +\n${fill('"QUJDREVGR0hJSktMTU5PUFFSU1RVVldY" + System.lineSeparator() +\n')}`,
    ],
    ['joins of line breaks on one endless line', `-----BEGIN PRIVATE KEY-----" . PHP_EOL . ${fill('"QUJD" + os.linesep + ')}`],
    ['personal access token keys with runs of letters', fill('MY_PAT=abcdefghijklmnop _pat: ')],
    [
      'a token joined over endless literals, and joins with nothing after them',
      `API_TOKEN = "aB3dE5fG7hJ9kL2mN4pQ" +\n${fill('  "QUJDREVGR0hJSktMTU5P" +\n')} ${fill('token = "aB3dE5fG7hJ9kL2m" + ')}`,
    ],
    [
      'dynamic references never closed, and secret words between colons',
      `${fill('{{resolve:secretsmanager:x:SecretString:password ')} ${fill(':secret:token:')}`,
    ],
    ['jwts with a word for a signature, repeated', fill('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJvdGhlciJ9.signature ')],
    // International layouts (pii-phones-world.ts): openings whose number never validates, on one endless line and one a line;
    // a body of separators and parentheses without end; trunk-0 slashes; labels in other scripts before invalid numbers.
    ['international openings without a valid number on one endless line', fill('+44(0)1 0049 17 (+45)(1) 00 420 1/ ')],
    ['international openings without a valid number, one a line', fill('+44 (0) 12 34/5 0086-0-1\n')],
    ['an endless body of separators after a country code', `+49 ${fill('1 (2) /3 -4 .')}`],
    ['trunk-0 slashes and spaced dashes, repeated', fill('0176/ 123 010 - 12 0/1 - ')],
    ['national numbers of twelve digits that never validate, one a line', fill('0123 45678901\n')],
    ['phone words of other scripts before invalid numbers', fill('电话：123 手机号是1 전화번호 12 फोन नंबर 1-2 ')],
    // .NET's XML keys (private-keys.ts): each unclosed block looks for its closing tag within its 16 KB, not to the text's end.
    ['rsa key value blocks never closed, 16 KB apart', fill(`<RSAKeyValue>${'x'.repeat(16400)}`)],
    // Session 19's formats: spaced PEM body lines without an end, glued token prefixes one short, heads without values.
    ['pem body lines of spaced pieces, endless', `-----BEGIN RSA PRIVATE KEY-----\n${fill('QUJDREVGR0hJSktMTU5P QUJD QUJDREVG ')}!`],
    ['pem body lines of spaced pieces, one a line', `-----BEGIN RSA PRIVATE KEY-----\n${fill('QUJDREVGR0hJSktMTU5P QUJD\n')}`],
    ['glued fine-grained token prefixes one short', fill(`xgithub_pat_${'a1'.repeat(11)}_${'b2'.repeat(29)}`)],
    ['maven master elements never closed, and ek_ heads', fill('<settingsSecurity><master>abcd ek_0a1b2c3d ')],
    ['.dockerconfigjson keys without values', fill('.dockerconfigjson: .dockercfg= ')],
    ['salt names before values one short, and encrypt keys', fill(`NONCE_SALT='${'a b'.repeat(12)}' AUTH_KEY, encrypt = "QUJD `)],
    ['htpasswd batch flags without a password', fill('htpasswd -b -B -C 10 f ')],
    ['block scalars of base64 lines without end', `private_key: |\n  ${'QUJD'.repeat(12)}\n${fill('  QUJDREVGR0hJSktMTU5P\n')}`],
    ['braced odbc values never closed, and closed without a semicolon', fill('Pwd={a!b1 Pwd={a!b2}x PWD={{')],
    ['newer vendor heads one short', fill(`napi_a1 hcaik_a1 dbtc_a1 secret-live-a1 AKIDa1 secret-${'aB1'.repeat(14)} 2/1234567890123/12:`)],
    ['pem markers around html breaks without end', `-----BEGIN PRIVATE KEY-----${fill('<br>QUJDREVGR0hJSktMTU5P<br />')}`],
    // Session 20: .pgpass lines, ODBC braces, Dockerfile and docker variables, PostgreSQL role passwords.
    ['pgpass ports without the rest', fill('localhost:5432:db:user: a:1:b:c:d:e:f h:*:')],
    ['pgpass fields running on with escapes', `localhost:5432:db:user:${fill('a\\:')}`],
    ['an endless host before a port', `${fill('a.')}:5432:db:user:pw`],
    ['odbc braces holding ; that never close', fill('Pwd={a;b}}c;')],
    ['env options and ENV lines without values', fill('ENV PASSWORD= -e TOKEN= --build-arg KEY= ')],
    ['role statements with many options before no password', fill("CREATE ROLE a WITH LOGIN x y z w v u t PASSWORD 'a")],
    // Copies of many redacted values (echoes.ts): thousands of addresses that differ only in their second letter give one
    // trie node thousands of children, and every `a` of the text after them looks one up.
    ['addresses differing in their second letter, between short words', fill(Array.from({ length: 20_000 }, (_, k) =>
      `a${String.fromCharCode(0x4e00 + k)}b@xx.co ab ab ab ab `).join(''))],
    // Addresses found from their end (pii-address-lines.ts): each postcode reads a bounded stretch before it, on one endless
    // line of comma parts or under endless lines of towns; each continental town line reads one line above it.
    ['postcodes after endless comma parts of places', fill('Flat 5, Ab cd, Leeds LS1 8TL, ')],
    ['postcodes under endless lines of towns', fill('Otterby\nWest Yorkshire\nLS6 2JU\n')],
    ['continental towns under lines that are almost streets', fill('Lindenstraße\n80409 München\n')],
    ['logins before endless password words', fill('login a_b password login a.b / pw ')],
    ['capital words after house numbers without a street word', fill('12 ABC DEF GHI JKL MNO ')],
    ['numbers and directions before towns without a state', fill('111 W Abc Def, Chicago, I ')],
  ];
}
