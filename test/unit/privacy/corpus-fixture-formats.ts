import { fake, R, type Case, type Negative } from './corpus-helpers';

// Formats that Trivy's and secretlint's fixtures hold and the scrubber had missed (session 19): a pull secret's
// `.dockerconfigjson` outside a Secret manifest, a PEM body whose lines were joined with spaces, a fine-grained
// GitHub token glued to the word before it, OpenAI's ephemeral client secret, Maven's master password; and
// config formats found beside them: WordPress salts, Consul's gossip key, htpasswd's batch mode, a key's base64
// body in a YAML block scalar, a PEM key on an HTML page; and vendors' newer formats (Neon, Honeycomb, dbt Cloud,
// Stytch, Tencent Cloud, Statsig, Asana); an ODBC password in braces. Every value is generated here.

const b64 = (s: string) => Buffer.from(s).toString('base64');
const LOGIN = b64(`deploy:${fake(14, 'alnum', 1901)}`);
const LETTERS_LOGIN = b64('ci-bot:horsebatterystaple');
const DOCKER_CONFIG = b64(`{"auths":{"registry.example.org":{"auth":"${LOGIN}"}}}`);
const PAT = `github_pat_11${fake(20, 'alnum', 1902)}_${fake(59, 'alnum', 1903)}`;
const EK = `ek_${fake(32, 'hex', 1904)}`;
const MASTER = fake(16, 'alnum', 1905);
// Two body lines of a key: the first holds three 76-character pieces joined by spaces, as a form or a mail client leaves them.
const PIECES = [fake(76, 'b64', 1906), fake(76, 'b64', 1907), fake(40, 'b64', 1908)];
const LAST = fake(64, 'b64', 1909);
const SALT = `${fake(30, 'b64', 1912)} ;[${fake(20, 'alnum', 1913)}|^ ${fake(10, 'b64', 1914)}`;
const GOSSIP = `${fake(43, 'b64', 1915)}=`;
const GOSSIP_16 = `${fake(22, 'alnum', 1916)}==`;
const HT_PW = `Ht6!${fake(8, 'alnum', 1917)}`;
const ODBC_PW = `${fake(6, 'alnum', 1930)}!;${fake(6, 'alnum', 1931)}`.replace(';', '-');
const BODY = [fake(64, 'b64', 1918), fake(64, 'b64', 1919), `${fake(40, 'b64', 1920)}==`];

export const fixtureFormatCases: Case[] = [
  // Registry logins in base64 (Docker's `auth`, npm's `_auth`) were already taken; kept here beside the pull secrets.
  ['a Docker config.json login in base64', `{"auths": {"registry.example.org": {"auth": "${LOGIN}"}}}`,
    `{"auths": {"registry.example.org": {"auth": "${R('api_key')}"}}}`],
  ['a login in base64 whose password is letters only, npm\'s _auth', `_auth = ${LETTERS_LOGIN}\nalways-auth = true`,
    `_auth = ${R('api_key')}\nalways-auth = true`],
  ['a pull secret\'s .dockerconfigjson outside a Secret manifest', `data:\n  .dockerconfigjson: ${DOCKER_CONFIG}\n`,
    `data:\n  ${'.dockerconfigjson'}: ${R('api_key')}\n`],
  ['an older .dockercfg value', `  .dockercfg: ${b64(`{"registry.example.org":{"auth":"${LOGIN}"}}`)}`, `  .dockercfg: ${R('api_key')}`],
  ['a PEM body line of pieces joined with spaces', `-----BEGIN RSA PRIVATE KEY-----\n${PIECES.join(' ')}\n${LAST}\n-----END RSA PRIVATE KEY-----`,
    `${R('private_key')}\n\n\n`],
  ['a fine-grained GitHub token glued to the word before it', `ours${PAT}`, `ours${R('github_token')}`],
  ['an OpenAI Realtime ephemeral client secret', `const clientSecret = "${EK}";`, `const clientSecret = "${R('openai_key')}";`],
  ['Maven\'s master password in settings-security.xml', `<settingsSecurity>\n  <master>${MASTER}</master>\n</settingsSecurity>`,
    `<settingsSecurity>\n  <master>${R('password')}</master>\n</settingsSecurity>`],
  ['WordPress salts with spaces, in wp-config.php and in a .env',
    `define('LOGGED_IN_SALT', '${SALT}');\nNONCE_SALT='${SALT.replace(/ /g, '#')}'`,
    `define('LOGGED_IN_SALT', '${R('api_key')}');\nNONCE_SALT='${R('api_key', 2)}'`],
  ['Consul\'s gossip encryption key, in its config and on its command line',
    `encrypt = "${GOSSIP}"\nconsul agent -encrypt=${GOSSIP_16} -server`, `encrypt = "${R('api_key')}"\nconsul agent -encrypt=${R('api_key', 2)} -server`],
  ['htpasswd in batch mode, with a file and with -n', `htpasswd -b /etc/nginx/.htpasswd admin ${HT_PW}\nRUN htpasswd -Bbn admin '${HT_PW}x' > /auth`,
    `htpasswd -b /etc/nginx/.htpasswd admin ${R('password')}\nRUN htpasswd -Bbn admin '${R('password', 2)}' > /auth`],
  ['a key\'s base64 body over several lines of a block scalar', `private_key: |\n  ${BODY[0]}\n  ${BODY[1]}\n  ${BODY[2]}\nport: 8443`,
    `private_key: |\n  ${R('api_key')}\n\n\nport: 8443`],
  ['a PEM key on an HTML page, its lines joined by <br>', `<p>-----BEGIN PRIVATE KEY-----<br>${BODY.join('<br />')}<br>-----END PRIVATE KEY-----</p>`,
    `<p>${R('private_key')}</p>`],
  ['a Neon API key and a Honeycomb ingest key',
    `NEON_API_KEY=napi_${fake(64, 'lower', 1921)}\nHONEYCOMB=hcaik_${fake(58, 'lower', 1922)}`,
    `NEON_API_KEY=${R('neon_key')}\nHONEYCOMB=${R('honeycomb_key')}`],
  ['dbt Cloud and Stytch secrets, bare', `dbtc_${fake(40, 'url', 1923)} secret-live-${fake(36, 'url', 1924)}`, `${R('dbt_token')} ${R('stytch_key')}`],
  ['a Tencent Cloud SecretId and a Statsig server secret', `AKID${fake(32, 'alnum', 1925)}\nstatsig: secret-${fake(43, 'alnum', 1926)}`,
    `${R('tencent_key')}\nstatsig: ${R('statsig_key')}`],
  ['an Asana personal access token', `curl -H "Authorization: Bearer 2/${fake(16, 'digits', 1927)}/${fake(16, 'digits', 1928)}:${fake(32, 'hex', 1929)}"`,
    `curl -H "Authorization: Bearer ${R('asana_token')}"`],
  ['an ODBC password in braces, as Azure\'s connection strings write it',
    `Driver={ODBC Driver 18 for SQL Server};Server=db;Uid=app;Pwd={${ODBC_PW}};Encrypt=yes`,
    `Driver={ODBC Driver 18 for SQL Server};Server=db;Uid=app;Pwd={${R('password')}};Encrypt=yes`],
];

export const fixtureFormatLookalikes: Negative[] = [
  ['a login in base64 whose password is a default word', `{"auths": {"hub": {"auth": "${b64('user:pass')}"}}}`],
  ['kubectl naming .dockerconfigjson and a file to read it from',
    'kubectl create secret generic regcred --from-file=.dockerconfigjson=/home/me/.docker/config.json --type=kubernetes.io/dockerconfigjson'],
  ['a sentence in a PEM block\'s place', '-----BEGIN RSA PRIVATE KEY-----\nthe key goes here once generated\n-----END RSA PRIVATE KEY-----'],
  ['a variable named after a token prefix', 'const mygithub_pat_count = 3;'],
  ['ek_ before a short or a non-hex id', `ek_${fake(12, 'hex', 1910)} ek_${fake(32, 'alnum', 1911)}`],
  ['a master element outside Maven\'s security settings', `<branch>\n  <master>${MASTER}</master>\n</branch>`],
  ['WordPress\'s template line for its salts', "define('NONCE_SALT', 'put your unique phrase here');"],
  ['encrypt set to a switch or a word', 'encrypt = true\nencrypt: "aes-256-gcm-with-a-long-name"'],
  ['htpasswd without batch mode, the password asked for', 'htpasswd -B -C 10 users.htpasswd alice'],
  ['a block scalar of base64 under a name that says nothing of secrets', `certificate_chain: |\n  ${BODY[0]}\n  ${BODY[1]}`],
  ['names after secret-, dbtc_ and hcaik_ that are words',
    'kind: secret-registry-credentials-for-cluster1\ndbtc_service_token_for_nightly_runs hcaik_ prefix'],
  ['fractions and a path that only start like an Asana token', 'ratio 1/2 and 2/3; path = "2/1234567890123/1234567890123:"'],
  ['braced values that are variables, fields, templates or expressions',
    '<Input password={userPassword} />\n<Input password={!shown} />\nPwd={your_password_here};\npassword={DB_PASS};\nf"PWD={{{password}}};"'],
  ['Maven\'s master password left as a property', '<settingsSecurity>\n  <master>${env.MAVEN_MASTER}</master>\n</settingsSecurity>'],
];
