import { fake, R, type Case, type Negative } from './corpus-helpers';

// Formats that Trivy's and secretlint's fixtures hold and the scrubber had missed (session 19): a pull secret's
// `.dockerconfigjson` outside a Secret manifest, a PEM body whose lines were joined with spaces, a fine-grained
// GitHub token glued to the word before it, OpenAI's ephemeral client secret, Maven's master password. Every
// value is generated here.

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
];

export const fixtureFormatLookalikes: Negative[] = [
  ['a login in base64 whose password is a default word', `{"auths": {"hub": {"auth": "${b64('user:pass')}"}}}`],
  ['kubectl naming .dockerconfigjson and a file to read it from',
    'kubectl create secret generic regcred --from-file=.dockerconfigjson=/home/me/.docker/config.json --type=kubernetes.io/dockerconfigjson'],
  ['a sentence in a PEM block\'s place', '-----BEGIN RSA PRIVATE KEY-----\nthe key goes here once generated\n-----END RSA PRIVATE KEY-----'],
  ['a variable named after a token prefix', 'const mygithub_pat_count = 3;'],
  ['ek_ before a short or a non-hex id', `ek_${fake(12, 'hex', 1910)} ek_${fake(32, 'alnum', 1911)}`],
  ['a master element outside Maven\'s security settings', `<branch>\n  <master>${MASTER}</master>\n</branch>`],
  ['Maven\'s master password left as a property', '<settingsSecurity>\n  <master>${env.MAVEN_MASTER}</master>\n</settingsSecurity>'],
];
