import { fake, R, type Case, type Negative } from './corpus-helpers';

// Keys in services' own URLs and parameters, tokens by a prefix SonarSource's secret rules know, and the
// samples their negatives hold (a login on a reserved host, a variable joined into a string). Every value
// is generated here from the format's alphabet; none is copied.

const hex = (n: number, seed: number) => fake(n, 'hex', seed);
const uuid = (seed: number) => {
  const h = hex(32, seed);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
const INFURA = hex(32, 1701);
const ALCHEMY = fake(32, 'url', 1702);
const OPENWEATHER = hex(32, 1703);
const SIG = fake(43, 'url', 1704);
const GITHUB_CLASSIC = hex(40, 1705);
const RAPIDAPI = `${hex(10, 1706)}msh${hex(15, 1707)}p${hex(6, 1708)}jsn${hex(12, 1709)}`;
const FCM = `APA91b${fake(134, 'url', 1710)}`;
const VAULT_BATCH = `b.AAAAAQ${fake(140, 'url', 1711)}`;
const RIOT = `RGAPI-${uuid(1712)}`;
// Django's alphabet for get_random_secret_key(): lower case, digits and !@#$%^&*(-_=+).
const DJANGO = `django-insecure-${fake(50, 'lower', 1713).replace(/[kq]/g, '#').replace(/[mw]/g, '*')}`;

const SLACK_DIGITS = `xoxb-${fake(12, 'digits', 1714).replace(/^0/, '4')}-${fake(13, 'digits', 1715).replace(/^0/, '5')}-${fake(24, 'digits', 1716)}`;
// A bot token whose 33 random characters happen to hold no digit (one in 300 do), a `-` among them.
const TELEGRAM_NO_DIGIT = `7${fake(9, 'digits', 1717)}:AA${fake(16, 'letters', 1718)}-${fake(16, 'letters', 1719)}`;
const FACEBOOK_SECRET = hex(32, 1720);
const CLARIFAI = hex(32, 1721);
/** An OpenSSH key's body, flattened onto one line as a form field or a one-line variable holds it. */
const OPENSSH_FLAT = [0, 1, 2, 3].map((i) => fake(70, 'b64', 1722 + i)).join(' ');
const PUTTY_PUBLIC = ['AAAAB3NzaC1yc2EAAAADAQABAAABAQC' + fake(33, 'b64', 1726), fake(64, 'b64', 1727)].join(' ');
const PUTTY_PRIVATE = [0, 1, 2].map((i) => fake(64, 'b64', 1728 + i)).join(' ');
const PUTTY_MAC = hex(64, 1731);
const PUTTY_HEAD = 'PuTTY-User-Key-File-3: ssh-rsa Encryption: none Comment: rsa-key';
/** A P-521 key in SEC 1 DER (30 81 DC, version 1, a 66-byte secret, the curve, the public point), in base64. */
const P521 = Buffer.concat([
  Buffer.from('3081dc020101044201', 'hex'), Buffer.from(hex(130, 1732), 'hex'),
  Buffer.from('a00706052b81040023a18189038186000401', 'hex'), Buffer.from(hex(262, 1733), 'hex'),
]).toString('base64');
const RSA_D = fake(172, 'b64', 1734);

export const serviceUrlCases: Case[] = [
  ['infura project id in an endpoint', `const rpc = 'https://mainnet.infura.io/v3/${INFURA}';`,
    `const rpc = 'https://mainnet.infura.io/v3/${R('infura_key')}';`],
  ['infura project id over websocket', `wss://mainnet.infura.io/ws/v3/${INFURA}`, `wss://mainnet.infura.io/ws/v3/${R('infura_key')}`],
  ['alchemy key in an endpoint', `RPC_URL=https://eth-mainnet.g.alchemy.com/v2/${ALCHEMY}`,
    `RPC_URL=https://eth-mainnet.g.alchemy.com/v2/${R('alchemy_key')}`],
  ['openweather appid in a query', `url = 'http://api.openweathermap.org/data/2.5/weather?q=Oslo&appid=${OPENWEATHER}'`,
    `url = 'http://api.openweathermap.org/data/2.5/weather?q=Oslo&appid=${R('openweather_key')}'`],
  ['logic app trigger url', `https://prod-12.westeurope.logic.azure.com:443/workflows/x/triggers/manual/paths/invoke?api-version=2016-10-01&sv=1.0&sig=${SIG}`,
    `https://prod-12.westeurope.logic.azure.com:443/workflows/x/triggers/manual/paths/invoke?api-version=2016-10-01&sv=1.0&sig=${R('azure_sas_signature')}`],
  ['logic app sig among request parameters', `params = {\n    'sv': '1.0',\n    'sig': '${SIG}'\n}`,
    `params = {\n    'sv': '1.0',\n    'sig': '${R('azure_sas_signature')}'\n}`],
  ['logic app sig added to a collection', `params.Add("sig", "${SIG}");`, `params.Add("sig", "${R('azure_sas_signature')}");`],
  ['github token as the user of a clone url', `git clone https://${GITHUB_CLASSIC}:x-oauth-basic@github.com/acme/app.git`,
    `git clone https://${R('github_token')}:x-oauth-basic@github.com/acme/app.git`],
  ['azure functions key in a function url', `curl 'https://acme-fn.azurewebsites.net/api/orders?code=${fake(54, 'url', 1737)}%3D%3D'`,
    `curl 'https://acme-fn.azurewebsites.net/api/orders?code=${R('azure_functions_key')}'`],
  ['rapidapi key in a header', `"x-rapidapi-key": "${RAPIDAPI}"`, `"x-rapidapi-key": "${R('rapidapi_key')}"`],
  ['fcm registration token', `registerDevice("cJgpGj49rfM:${FCM}");`, `registerDevice("cJgpGj49rfM:${R('firebase_key')}");`],
  ['vault batch token', `VAULT_TOKEN=${VAULT_BATCH}`, `VAULT_TOKEN=${R('vault_token')}`],
  ['riot games api key', `watcher = RiotWatcher('${RIOT}')`, `watcher = RiotWatcher('${R('riot_key')}')`],
  ['django generated secret key', `SECRET_KEY = '${DJANGO}'`, `SECRET_KEY = '${R('django_secret_key')}'`],
  ['django-environ default', `SECRET_KEY = env("SECRET_KEY", default="${DJANGO.slice(16)}")`, `SECRET_KEY = env("SECRET_KEY", default="${R('api_key')}")`],
  ['the fallback of an environment variable in JavaScript', `clientSecret: process.env.FACEBOOK_SECRET || '${FACEBOOK_SECRET}',`,
    `clientSecret: process.env.FACEBOOK_SECRET || '${R('api_key')}',`],
  ['slack bot token whose random part is digits', `api := slack.New("${SLACK_DIGITS}")`, `api := slack.New("${R('slack_token')}")`],
  ['telegram bot token without a digit in its secret', `new TelegramBot("${TELEGRAM_NO_DIGIT}");`, `new TelegramBot("${R('telegram_bot_token')}");`],
  ['an authorization header as a pair of strings', `metadata = (('authorization', 'Key ${CLARIFAI}'),)`,
    `metadata = (('authorization', 'Key ${R('bearer_token')}'),)`],
  ['an openssh key flattened onto one line', `SSH_KEY="-----BEGIN OPENSSH PRIVATE KEY----- ${OPENSSH_FLAT} -----END OPENSSH PRIVATE KEY-----"`,
    `SSH_KEY="${R('private_key')}"`],
  ['a putty key flattened onto one line',
    `${PUTTY_HEAD} Public-Lines: 2 ${PUTTY_PUBLIC} Private-Lines: 3 ${PUTTY_PRIVATE} Private-MAC: ${PUTTY_MAC}`,
    `${PUTTY_HEAD} Public-Lines: 2 ${PUTTY_PUBLIC} Private-Lines: 3 ${R('private_key')}`],
  ['a P-521 key as bare base64 DER', `const ecKey = "${P521}";`, `const ecKey = "${R('private_key')}";`],
  ['the private exponent of an RSAKeyValue', `<RSAKeyValue><Modulus>${fake(172, 'b64', 1735)}</Modulus><Exponent>AQAB</Exponent><D>${RSA_D}</D></RSAKeyValue>`,
    `<RSAKeyValue><Modulus>${fake(172, 'b64', 1735)}</Modulus><Exponent>AQAB</Exponent><D>${R('private_key')}</D></RSAKeyValue>`],
];

export const serviceUrlLookalikes: Negative[] = [
  ['the public infura id that ethers and MetaMask ship', "'1': 'https://mainnet.infura.io/v3/9aa3d95b3bc440fa88ea12eaa4456161',"],
  ['an appid that is no OpenWeather key', 'https://example.org/?appid=wx8b3a83d0 and appid=12345'],
  ['a signature of all one case', `sig=${'abcdefghij'.repeat(4)}abc`],
  ['a counting uuid after a riot or heroku prefix', 'RGAPI-01234567-89ab-cdef-0123-456789abcdef HRKU-01234567-89ab-cdef-0123-456789abcdef'],
  ['an authorization code on another host', `https://app.example.org/callback?code=${fake(54, 'url', 1738)}`],
  ['sample-labelled client secrets', "GOOGLE_CLIENT_SECRET='sample_GOCSPX-fxynOF52PNXmtfq78B-lUCO0Grj1'"],
  ['a token variable as the user of a clone url', 'git clone https://$GITHUB_TOKEN:x-oauth-basic@github.com/acme/app.git'],
  ['a braced token variable as the user of a clone url', 'url."https://${GITHUB_TOKEN}:x-oauth-basic@github.com/acme".insteadOf'],
  ['a default password on a reserved host', 'conn_str = "postgres://user:pass@database.example/terraform_backend"'],
  ['a url template with its own words', '# postgresql://username:password@host:port/database'],
  ['foo and bar on this machine', 'const MQURL = "amqp://foo:bar@127.0.0.1:5672/"'],
  ['variables as url passwords', 'amqp://admin:$env{admin_pwd}@broker.internal and postgres://$DB_USER$:$DB_PASS$@db.internal/app'],
  ['hex words as a sidekiq login', 'export BUNDLE_ENTERPRISE__CONTRIBSYS__COM=cafebabe:deadbeef'],
  ['mysql options that start with p', 'mysql -host db -user root -port 3306 -protocol tcp'],
  ['a variable in an escaped option', 'mysqladmin ping --user=app "--password=$$MYSQL_USER_PASSWORD" && cmd="mysql \\"--password=$password\\""'],
  ['a format prefix then filler', '"password": "pscale_pw_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",'],
  ['a template cut at its space', 'environment:\n- MYSQL_PASSWORD=<enter password>'],
  ['a password generated by a command', "PG_PASSWORD=`cat /dev/urandom | tr -dc 'a-zA-Z0-9' | fold -w 10 | head -n 1`"],
  ['a variable joined into an option string', 'param += " --spring.datasource.password=" + password + " --spring.datasource.url=" + url;'],
  ['a variable joined into a PHP connection string', "$dsn = 'DRIVER={IBM DB2 ODBC DRIVER}' . ';PWD='      . $password .';';"],
  ['a placeholder as the fallback of an environment variable', "const apiKey = process.env.API_KEY || 'your-api-key-here';"],
  ['an identifier after digits and a colon', 'x = 123456:AbstractFactoryProviderImplBeanXy_z'],
  ['prose between private key markers on one line', '-----BEGIN PRIVATE KEY----- see the docs for how to make one -----END PRIVATE KEY-----'],
  ['the public half of an RSAKeyValue', `<RSAKeyValue><Modulus>${fake(172, 'b64', 1736)}</Modulus><Exponent>AQAB</Exponent></RSAKeyValue>`],
  ['strings joined around an at sign', 'props.set("amqp-url", "amqps://"+System.getenv("AMQP_CREDENTIALS")+"@example.com:8080/example")'],
];
