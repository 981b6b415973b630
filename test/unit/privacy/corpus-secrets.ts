import { fake, R, type Case } from './corpus-helpers';

// Secrets in the shapes they really take: provider formats from their documentation, and the
// places they are written (code, .env, YAML, JSON, properties, XML, URLs, headers).

const AKIA = `AKIA${fake(16, 'upper', 1)}`;
const ASIA = `ASIA${fake(16, 'upper', 2)}`;
const AWS_SECRET = fake(40, 'b64', 3).replace(/\+/g, 'A');
const GCP = `AIza${fake(35, 'url', 4)}`;
const GHP = `ghp_${fake(36, 'alnum', 5)}`;
const GHO = `gho_${fake(36, 'alnum', 6)}`;
const GHS = `ghs_${fake(36, 'alnum', 7)}`;
const GH_PAT = `github_pat_${fake(22, 'alnum', 8)}_${fake(59, 'alnum', 9)}`;
const GLPAT = `glpat-${fake(20, 'url', 10)}`;
const XOXB = `xoxb-${fake(12, 'hex', 11).replace(/[a-f]/g, '1')}-${fake(13, 'hex', 12).replace(/[a-f]/g, '2')}-${fake(24, 'alnum', 13)}`;
const XOXP = `xoxp-${fake(10, 'hex', 14).replace(/[a-f]/g, '3')}-${fake(24, 'alnum', 15)}`;
const SLACK_HOOK = `https://hooks.slack.com/services/T${fake(8, 'upper', 16)}/B${fake(8, 'upper', 17)}/${fake(24, 'alnum', 18)}`;
const SK_LIVE = `sk_live_${fake(24, 'alnum', 19)}`;
const SK_TEST = `sk_test_${fake(24, 'alnum', 20)}`;
const RK_LIVE = `rk_live_${fake(24, 'alnum', 21)}`;
const OPENAI_PROJ = `sk-proj-${fake(64, 'url', 23)}`;
const OPENAI_LEGACY = `sk-${fake(48, 'alnum', 24)}`;
const ANTHROPIC = `sk-ant-api03-${fake(93, 'url', 25)}AA`;
const GOCSPX = `GOCSPX-${fake(28, 'url', 26)}`;
const YA29 = `ya29.${fake(60, 'url', 27)}`;
const NPM = `npm_${fake(36, 'alnum', 28)}`;
const SENDGRID = `SG.${fake(22, 'url', 29)}.${fake(43, 'url', 30)}`;
const TWILIO_SK = `SK${fake(32, 'hex', 31)}`;
const TWILIO_AC = `AC${fake(32, 'hex', 32)}`;
const AZURE_KEY = `${fake(86, 'b64', 33)}==`;
const HEX32 = fake(32, 'hex', 34);
const B64_20 = fake(20, 'b64', 35).replace(/[+/]/g, 'q');
const SAS_SIG = `${fake(43, 'alnum', 36)}%3D`;

function b64url(s: string): string {
  return Buffer.from(s).toString('base64url');
}
const JWT = `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url('{"sub":"1234567890","name":"Jane"}')}.${fake(43, 'url', 37)}`;
const JWT_NONE = `${b64url('{"alg":"none"}')}.${b64url('{"sub":"42"}')}.`;
const BASIC = Buffer.from('admin:Tr0ub4dor&3').toString('base64');

export const cloudAndTokenCases: Case[] = [
  ['aws access key id in ini', `aws_access_key_id = ${AKIA}`, `aws_access_key_id = ${R('aws_access_key')}`],
  ['aws temporary key id (ASIA)', `"AccessKeyId": "${ASIA}"`, `"AccessKeyId": "${R('aws_access_key')}"`],
  ['aws secret key in credentials file', `aws_secret_access_key = ${AWS_SECRET}`, `aws_secret_access_key = ${R('aws_secret_key')}`],
  ['aws secret key in env', `AWS_SECRET_ACCESS_KEY=${AWS_SECRET}`, `AWS_SECRET_ACCESS_KEY=${R('aws_secret_key')}`],
  ['aws secret key in js', `const creds = { secretAccessKey: '${AWS_SECRET}' };`, `const creds = { secretAccessKey: '${R('aws_secret_key')}' };`],
  [
    'aws key id inside a url',
    `https://s3.amazonaws.com/b/o?AWSAccessKeyId=${AKIA}&Expires=1`,
    `https://s3.amazonaws.com/b/o?AWSAccessKeyId=${R('aws_access_key')}&Expires=1`,
  ],
  ['gcp api key in js', `const firebaseConfig = { apiKey: "${GCP}" };`, `const firebaseConfig = { apiKey: "${R('gcp_api_key')}" };`],
  ['gcp service-account key id', `"private_key_id": "${fake(40, 'hex', 38)}",`, `"private_key_id": "${R('gcp_private_key_id')}",`],
  ['gcp api key in url', `https://maps.googleapis.com/maps/api/js?key=${GCP}`, `https://maps.googleapis.com/maps/api/js?key=${R('gcp_api_key')}`],
  ['github classic pat', `GITHUB_TOKEN=${GHP}`, `GITHUB_TOKEN=${R('github_token')}`],
  ['github oauth token', `token: ${GHO}`, `token: ${R('github_token')}`],
  ['github app installation token', `Authorization: token ${GHS}`, `Authorization: token ${R('github_token')}`],
  ['github fine-grained pat', `gh auth login --with-token <<< ${GH_PAT}`, `gh auth login --with-token <<< ${R('github_token')}`],
  ['github token in a git remote url', `https://${GHP}@github.com/org/repo.git`, `https://${R('github_token')}@github.com/org/repo.git`],
  ['gitlab pat', `export GITLAB_TOKEN="${GLPAT}"`, `export GITLAB_TOKEN="${R('gitlab_token')}"`],
  ['slack bot token', `slack_token = '${XOXB}'`, `slack_token = '${R('slack_token')}'`],
  ['slack user token in prose', `use ${XOXP} for the test workspace`, `use ${R('slack_token')} for the test workspace`],
  ['slack webhook url', `webhook_url: ${SLACK_HOOK}`, `webhook_url: ${R('slack_webhook')}`],
  ['stripe live secret key', `Stripe.api_key = "${SK_LIVE}"`, `Stripe.api_key = "${R('stripe_key')}"`],
  ['stripe test secret key', `STRIPE_SECRET_KEY=${SK_TEST}`, `STRIPE_SECRET_KEY=${R('stripe_key')}`],
  ['stripe restricted key', `stripe.setApiKey('${RK_LIVE}')`, `stripe.setApiKey('${R('stripe_key')}')`],
  ['openai project key', `OPENAI_API_KEY=${OPENAI_PROJ}`, `OPENAI_API_KEY=${R('openai_key')}`],
  ['openai legacy key', `openai.api_key = "${OPENAI_LEGACY}"`, `openai.api_key = "${R('openai_key')}"`],
  ['anthropic key (not an openai key)', `client = Anthropic(api_key="${ANTHROPIC}")`, `client = Anthropic(api_key="${R('anthropic_key')}")`],
  ['google oauth client secret', `"client_secret": "${GOCSPX}"`, `"client_secret": "${R('google_oauth')}"`],
  ['google oauth access token', `curl -H "Authorization: Bearer ${YA29}"`, `curl -H "Authorization: Bearer ${R('google_oauth')}"`],
  ['npm token in .npmrc', `//registry.npmjs.org/:_authToken=${NPM}`, `//registry.npmjs.org/:_authToken=${R('npm_token')}`],
  ['a legacy npm token (a UUID) in .npmrc, a space after =', '//registry.npmjs.org/:_authToken= 743b294a-cd03-11ec-9d64-0242ac120002',
    `//registry.npmjs.org/:_authToken= ${R('api_key')}`],
  ['sendgrid key', `sg = SendGridAPIClient('${SENDGRID}')`, `sg = SendGridAPIClient('${R('sendgrid_key')}')`],
  ['twilio api key sid', `TWILIO_API_KEY=${TWILIO_SK}`, `TWILIO_API_KEY=${R('twilio_api_key')}`],
  ['twilio account sid', `client = Client("${TWILIO_AC}", auth)`, `client = Client("${R('twilio_account_sid')}", auth)`],
  ['twilio auth token by name', `TWILIO_AUTH_TOKEN=${HEX32}`, `TWILIO_AUTH_TOKEN=${R('api_key')}`],
  [
    'azure storage connection string',
    `DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=${AZURE_KEY};EndpointSuffix=core.windows.net`,
    `DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=${R('azure_storage_key')};EndpointSuffix=core.windows.net`,
  ],
  [
    'azure service bus key',
    `Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=root;SharedAccessKey=${B64_20}abcdefghijklmnopqrstuvw=`,
    `Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=root;SharedAccessKey=${R('azure_shared_access_key')}`,
  ],
  [
    'azure sas signature',
    `https://acme.blob.core.windows.net/c/b.txt?sv=2022-11-02&sig=${SAS_SIG}`,
    `https://acme.blob.core.windows.net/c/b.txt?sv=2022-11-02&sig=${R('azure_sas_signature')}`,
  ],
  [
    'a power automate trigger signed in base64url',
    'https://acme.environment.api.powerplatform.com:443/powerautomate/automations/direct/workflows/0f/triggers/manual/paths/invoke?sig=r2h9kxq06-gWOJ7QiEHNTxntTw11k2uJA3EZr0SIcIQ&sv=1.0',
    `https://acme.environment.api.powerplatform.com:443/powerautomate/automations/direct/workflows/0f/triggers/manual/paths/invoke?sig=${R('azure_sas_signature')}&sv=1.0`,
  ],
  ['jwt in a header', `Authorization: Bearer ${JWT}`, `Authorization: Bearer ${R('jwt')}`],
  ['jwt in a test fixture', `const token = '${JWT}';`, `const token = '${R('jwt')}';`],
  ['unsigned jwt (alg none)', `id_token=${JWT_NONE}`, `id_token=${R('jwt')}`],
  ['jwt copied without its signature', `token: ${JWT.slice(0, JWT.lastIndexOf('.'))}`, `token: ${R('jwt')}`],
  ['same jwt twice gets the same placeholder', `${JWT} ${JWT}`, `${R('jwt')} ${R('jwt')}`],
  ['basic auth header', `Authorization: Basic ${BASIC}`, `Authorization: Basic ${R('basic_auth')}`],
  ['bearer header in js object', `headers: { Authorization: 'Bearer ${HEX32}' }`, `headers: { Authorization: '${'Bearer'} ${R('bearer_token')}' }`],
  ['proxy authorization', `Proxy-Authorization: Basic ${BASIC}`, `Proxy-Authorization: Basic ${R('basic_auth')}`],
  ['two different aws keys are numbered', `${AKIA}\n${ASIA}\n${AKIA}`, `${R('aws_access_key', 1)}\n${R('aws_access_key', 2)}\n${R('aws_access_key', 1)}`],
];

export const assignmentCases: Case[] = [
  ['an aws secret key beside its key id, with no name of its own (a credentials csv)', 'deploy,,AKIAQ7T3V9LZ2ZK4PM3F,Zr8pT2mVq/7LnK4cW9x+3HdJ6sF1aG0hYb5eQwRt',
    `deploy,,${R('aws_access_key')},${R('aws_secret_key')}`],
  // A key that says only "key": its value is taken when it looks issued (random, letters and digits).
  ['a provider-named key of yaml', 'clarifai_key: "WCFcfUCsl2P3vCJuFgDuLeUXduycoZli"', `clarifai_key: "${R('api_key')}"`],
  ['random letters, three in four capitals', "timezoneapi token = 'SSVmFDNCFfOHKXQAEckx'", `timezoneapi token = '${R('api_key')}'`],
  ['numbered keys, one per copy of a secret', "sumoKey1 = 'CzrMhR8zzy1eH1F0XlY1tu5ywqa2yaSFoWGg2cqE43Xk'\ntypeform_token2 = 'tfp_943af478d3ff3d4d760020c11af102b79c440513'",
    `sumoKey1 = '${R('api_key')}'\ntypeform_token2 = '${R('typeform_token')}'`],
  ['a string a formatter moved to the line after =', 'const scrapingBeeApiKey =\n  "P5IS953T7OYL5KJG8J3SVPAV5VUJ49L2OXB7HIQDVL8SSG7O9A";',
    `const scrapingBeeApiKey =\n  "${R('api_key')}";`],
  ['a key and a token given in sentences', 'Your API key is 2afddb813193eb9d3b5bd99bf5d834cd, keep it safe. My token was ghx7Q2mZ9pL4vR8tY1wE6nC3uH5jF0sA.',
    `Your API key is ${R('api_key')}, keep it safe. My token was ${R('api_key', 2)}.`],
  ['a token with spaces inside its quotes', "notes token = ' V77f640DIDmrPcYFMwCKPhAR7CkXDwXjmMGpzHVm6yC '", `notes token = ' ${R('api_key')} '`],
  ['a go short declaration of a key', 'bitfinexKey := "HxfuG198amaeCcYkASkto5VuIO-oXcplDV6JZ7OIEQZ"', `bitfinexKey := "${R('api_key')}"`],
  ['a bare Key= in a log line', 'Using Key=qsCGuilpkk2ngrsz75wtYqsCGuilpkk2ngrsz75w', `Using Key=${R('api_key')}`],
  ['a key in a url query',
    'fetch("https://api.example.net/v1/users?key=3kx19qpx748ldb75lsjicbs6ipit6ssm")', `fetch("https://api.example.net/v1/users?key=${R('api_key')}")`],
  ['a subscript by the key\'s name', `os.environ["OPENAI_API_KEY"] = '1bb7dde73fe449de229361ea03bab234'`, `os.environ["OPENAI_API_KEY"] = '${R('api_key')}'`],
  ['a header set by name in a call',
    'req.Header.Set("X-Budibase-Api-Key", "b256def166fcdf4a429a1e83175105d5")', `req.Header.Set("X-Budibase-Api-Key", "${R('api_key')}")`],
  ['a bearer token of letters only inside a string', 'token := "Bearer yvxpthLIcYpZweFpPOVeCOtt"', `token := "Bearer ${R('bearer_token')}"`],
  ['python password', `password = "hunter2!"`, `password = "${R('password')}"`],
  ['js const password', `const password = 'correct-horse-battery';`, `const password = '${R('password')}';`],
  ['env password', `DB_PASSWORD=s3cr3t-Pa55`, `DB_PASSWORD=${R('password')}`],
  ['env password with comment', `REDIS_PASSWORD=Zq81mmx # prod`, `REDIS_PASSWORD=${R('password')} # prod`],
  ['export in shell', `export PGPASSWORD=Sup3rS3cret`, `export PGPASSWORD=${R('password')}`],
  ['yaml password', `  password: MyS3cretPass`, `  password: ${R('password')}`],
  ['yaml quoted password', `password: "p@ss w0rd with spaces"`, `password: "${R('password')}"`],
  ['json password', `{"username": "svc", "password": "Xy7$kLm9"}`, `{"username": "svc", "password": "${R('password')}"}`],
  ['xml attribute password', `<user name="svc" password="Xy7kLm9q"/>`, `<user name="svc" password="${R('password')}"/>`],
  ['xml element password', `<password>Xy7kLm9q</password>`, `<password>${R('password')}</password>`],
  ['dotnet appSettings', `<add key="DbPassword" value="Xy7kLm9q" />`, `<add key="DbPassword" value="${R('password')}" />`],
  ['java properties', `spring.datasource.password=Xy7kLm9q`, `spring.datasource.password=${R('password')}`],
  ['properties with spaces', `db.password = Xy7 kLm9q`, `db.password = ${R('password')}`],
  ['passwd key', `passwd: "Xy7kLm9q"`, `passwd: "${R('password')}"`],
  ['pwd key', `pwd=Xy7kLm9q`, `pwd=${R('password')}`],
  ['PASS suffix', `SMTP_PASS=Xy7kLm9q`, `SMTP_PASS=${R('password')}`],
  ['go struct literal', `cfg := Config{Password: "Xy7kLm9q"}`, `cfg := Config{Password: "${R('password')}"}`],
  ['go short assignment', `dbPassword := "Xy7kLm9q"`, `dbPassword := "${R('password')}"`],
  ['php array', `'password' => 'Xy7kLm9q',`, `'password' => '${R('password')}',`],
  ['ruby symbol hash', `password: 'Xy7kLm9q',`, `password: '${R('password')}',`],
  ['python kwarg', `connect(host="db", password="Xy7kLm9q")`, `connect(host="db", password="${R('password')}")`],
  ['python annotated', `password: str = "Xy7kLm9q"`, `password: str = "${R('password')}"`],
  ['comparison with a literal', `if password == "letmein1":`, `if password == "${R('password')}":`],
  ['odbc connection string', `Server=db;Database=app;User Id=sa;Password=Xy7kLm9q;`, `Server=db;Database=app;User Id=sa;Password=${R('password')};`],
  [
    'jdbc query parameter',
    `jdbc:mysql://db:3306/app?user=app&password=Xy7kLm9q&ssl=true`,
    `jdbc:mysql://db:3306/app?user=app&password=${R('password')}&ssl=true`,
  ],
  ['command-line flag', `mysql --user=root --password=Xy7kLm9q app`, `mysql --user=root --password=${R('password')} app`],
  ['passphrase', `SSH_KEY_PASSPHRASE="open sesame 42"`, `SSH_KEY_PASSPHRASE="${R('password')}"`],
  ['generic api_key', `api_key = "${HEX32}"`, `api_key = "${R('api_key')}"`],
  ['camelCase apiKey', `apiKey: '${B64_20}'`, `apiKey: '${R('api_key')}'`],
  ['client_secret', `client_secret=${B64_20}`, `client_secret=${R('api_key')}`],
  ['access_token in json', `"access_token": "${B64_20}"`, `"access_token": "${R('api_key')}"`],
  ['secret in yaml', `  secret: ${B64_20}`, `  secret: ${R('api_key')}`],
  ['django secret key', `SECRET_KEY = 'django-insecure-k2#x9!mq@4z'`, `SECRET_KEY = '${R('api_key')}'`],
  ['rails secret_key_base', `secret_key_base: ${HEX32}${HEX32}`, `secret_key_base: ${R('api_key')}`],
  ['x-api-key header', `X-Api-Key: ${B64_20}`, `X-Api-Key: ${R('api_key')}`],
  ['jwt secret', `JWT_SECRET=supersecretvalue123`, `JWT_SECRET=${R('api_key')}`],
  ['uuid as an api token', `HEROKU_API_TOKEN=550e8400-e29b-41d4-a716-446655440000`, `HEROKU_API_TOKEN=${R('api_key')}`],
  ['same password in two places', `password=Xy7kLm9q\nretype_password=Xy7kLm9q`, `password=${R('password')}\nretype_password=${R('password')}`],
  ['two passwords numbered', `a_password=one1one\nb_password=two2two`, `a_password=${R('password', 1)}\nb_password=${R('password', 2)}`],
  ['a password label in the middle of a line', 'Username: jdoe42, Password: S3cure!Pass', `Username: ${R('username')}, Password: ${R('password')}`],
  ['a password label in a sentence', 'Login with User: admin / Password: Adm1n#2024 today.', `Login with User: admin / Password: ${R('password')} today.`],
  [
    'a setting named in a call, then its value', `System.setProperty("ETSY_TOKEN", "${fake(24, 'lower', 31)}")`,
    `System.setProperty("ETSY_TOKEN", "${R('api_key')}")`,
  ],
  ['a default value of a setting read by name', `GetEnvOrDefault("api_token", "${fake(20, 'alnum', 32)}")`, `GetEnvOrDefault("api_token", "${R('api_key')}")`],
  ['a token issued as digits', 'asanaToken="0064285786940086"', `asanaToken="${R('api_key')}"`],
  ['an authorization scheme of a service', `Authorization: SSWS 00${fake(40, 'url', 33)}`, `Authorization: SSWS ${R('okta_token')}`],
  [
    'an api key as the user name of curl -u', `curl -u ${fake(28, 'alnum', 34)}: https://api.example.com/v1`,
    `curl -u ${R('basic_auth')}: https://api.example.com/v1`,
  ],
  ['a quoted value after a dash, as notes write it', `stytch token - '${fake(24, 'alnum', 37)}'`, `stytch token - '${R('api_key')}'`],
  [
    'a jenkins-encrypted secret in credentials.xml', `<password>{AQAAABAAAAAQ${fake(44, 'b64', 36)}=}</password>`,
    `<password>{${R('jenkins_secret')}}</password>`,
  ],
  ['a facebook app access token', `{"access_token": "911602140448729|${fake(27, 'url', 35)}"}`, `{"access_token": "${R('facebook_token')}"}`],
];

export const connectionCases: Case[] = [
  [
    'kubernetes secret data value under any key',
    'kind: Secret\ndata:\n  tls.key: TFMwdExTMUNSVWRKVGlCUVVrbFdRVlJG\n',
    `kind: Secret\ndata:\n  tls.key: ${R('kubernetes_secret')}\n`,
  ],
  ['postgres url', `DATABASE_URL=postgres://app:Xy7kLm9q@db.internal:5432/app`, `DATABASE_URL=postgres://app:${R('connection_string')}@db.internal:5432/app`],
  ['postgresql url in yaml', `url: postgresql://app:Xy7kLm9q@10.1.2.3/app`, `url: postgresql://app:${R('connection_string')}@${R('ip_address')}/app`],
  ['mysql url', `mysql://root:Xy7kLm9q@localhost/test`, `mysql://root:${R('connection_string')}@localhost/test`],
  [
    'mongodb+srv url',
    `mongodb+srv://admin:Xy7kLm9q@cluster0.ab1cd.mongodb.net/db?retryWrites=true`,
    `mongodb+srv://admin:${R('connection_string')}@cluster0.ab1cd.mongodb.net/db?retryWrites=true`,
  ],
  ['redis url with empty user', `redis://:Xy7kLm9q@cache:6379/0`, `redis://:${R('connection_string')}@cache:6379/0`],
  ['amqp url', `amqp://guest:Xy7kLm9q@rabbit:5672/`, `amqp://guest:${R('connection_string')}@rabbit:5672/`],
  ['https basic credentials', `https://deploy:Xy7kLm9q@registry.example.org/v2/`, `https://deploy:${R('connection_string')}@registry.example.org/v2/`],
  ['password with an @', `postgres://app:p@ss@db/app`, `postgres://app:${R('connection_string')}@db/app`],
  ['percent-encoded password', `postgres://app:p%40ss%3Aword@db/app`, `postgres://app:${R('connection_string')}@db/app`],
  [
    'url in a quoted string',
    `engine = create_engine("postgresql+psycopg2://u:Xy7kLm9q@db/app")`,
    `engine = create_engine("postgresql+psycopg2://u:${R('connection_string')}@db/app")`,
  ],
];

const PEM_BODY = Array.from({ length: 5 }, (_, i) => fake(64, 'b64', 40 + i)).join('\n');

export const privateKeyCases: Case[] = [
  ['rsa key block', `-----BEGIN RSA PRIVATE KEY-----\n${PEM_BODY}\n-----END RSA PRIVATE KEY-----\n`, `${R('private_key')}${'\n'.repeat(7)}`],
  [
    'pkcs8 key block between code',
    `key = """\n-----BEGIN PRIVATE KEY-----\n${PEM_BODY}\n-----END PRIVATE KEY-----\n"""`,
    `key = """\n${R('private_key')}${'\n'.repeat(7)}"""`,
  ],
  ['ec key', `-----BEGIN EC PRIVATE KEY-----\n${PEM_BODY}\n-----END EC PRIVATE KEY-----`, `${R('private_key')}\n\n\n\n\n\n`],
  ['openssh key', `-----BEGIN OPENSSH PRIVATE KEY-----\n${PEM_BODY}\n-----END OPENSSH PRIVATE KEY-----`, `${R('private_key')}\n\n\n\n\n\n`],
  [
    'encrypted key with headers',
    (`-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,${fake(32, 'hex', 50).toUpperCase()}\n\n${PEM_BODY}\n-----END RSA ` +
      `PRIVATE KEY-----`),
    `${R('private_key')}${'\n'.repeat(9)}`,
  ],
  [
    'pgp private key block',
    `-----BEGIN PGP PRIVATE KEY BLOCK-----\nVersion: GnuPG v2\n\n${PEM_BODY}\n=${fake(4, 'b64', 51)}\n-----END PGP PRIVATE KEY BLOCK-----`,
    `${R('private_key')}${'\n'.repeat(9)}`,
  ],
  [
    'json-escaped key (service account)',
    `"private_key": "-----BEGIN PRIVATE KEY-----\\n${PEM_BODY.replace(/\n/g, '\\n')}\\n-----END PRIVATE KEY-----\\n",`,
    `"private_key": "${R('private_key')}\\n",`,
  ],
  ['chunk cut after BEGIN', `-----BEGIN RSA PRIVATE KEY-----\n${PEM_BODY}`, `${R('private_key')}\n\n\n\n\n`],
  ['chunk cut before END', `${PEM_BODY}\n-----END RSA PRIVATE KEY-----\nnext line`, `${R('private_key')}\n\n\n\n\n\nnext line`],
  [
    'putty key file: the private lines and their mac',
    (`PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: deploy@ci\nPublic-Lines: ` +
      (`1\nAAAAC3NzaC1lZDI1NTE5AAAAI${fake(24, 'b64', 52)}\nPrivate-Lines: 2\n${fake(44, 'b64', 53)}\n${fake(20, 'b64', 54)}\nPrivate-MAC: ` +
        `${fake(64, 'hex', 55)}\n`)),
    (`PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: deploy@ci\nPublic-Lines: ` +
      `1\nAAAAC3NzaC1lZDI1NTE5AAAAI${fake(24, 'b64', 52)}\nPrivate-Lines: 2\n${R('private_key')}\n\n\n`),
  ],
  [
    'crlf line endings kept',
    `-----BEGIN PRIVATE KEY-----\r\n${PEM_BODY.replace(/\n/g, '\r\n')}\r\n-----END PRIVATE KEY-----\r\n`,
    `${R('private_key')}${'\r\n'.repeat(6)}\r\n`,
  ],
];
