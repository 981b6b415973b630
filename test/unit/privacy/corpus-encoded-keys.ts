import { withCrc32Checksum } from '../../../src/engine/privacy/token-checks';
import { fake, R, type Case, type Negative } from './corpus-helpers';

// Registry and platform tokens by their documented prefix, tokens kept in base64 once more, tokens
// glued to what follows when a checksum proves where they end, key pairs written on two lines, and
// Tink keysets. Every value is generated here from the format's alphabet; none is copied.

const GHP = `ghp_${withCrc32Checksum(fake(30, 'alnum', 901))}`;
const GHS = `ghs_${withCrc32Checksum(fake(30, 'alnum', 902))}`;
const NPM = `npm_${withCrc32Checksum(fake(30, 'alnum', 903))}`;
const b64 = (s: string) => Buffer.from(s).toString('base64');
const ULID = fake(26, 'upper', 904).replace(/[ILOU]/g, 'K');
const GOOG_ID = `GOOG1E${fake(55, 'upper', 905)}`;
const GOOG_SECRET = `${fake(20, 'b64', 906)}Q7${fake(18, 'b64', 907)}`.slice(0, 40);
const AKIA = `AKIA${fake(16, 'upper', 908)}`;
const AWS_SECRET = `${fake(20, 'alnum', 909)}/${fake(19, 'b64', 910)}`;
const TINK_VALUE = `GhB${fake(21, 'b64', 911)}`;
const VAPID_PUBLIC = `BN${fake(85, 'url', 925)}`;
const VAPID_PRIVATE = `${fake(42, 'url', 926)}Q`;
const tinkKey = (typeUrl: string, value: string) =>
  `{"primaryKeyId":1291739142,"key":[{"keyData":{"typeUrl":"type.googleapis.com/google.crypto.tink.${typeUrl}",` +
  `"value":"${value}","keyMaterialType":"SYMMETRIC"},"status":"ENABLED","keyId":1291739142,"outputPrefixType":"TINK"}]}`;

export const encodedKeyCases: Case[] = [
  ['private packagist api key and secret', `PACKAGIST_KEY=packagist_ack_${fake(28, 'hex', 912)}\nPACKAGIST_SECRET=packagist_acs_${fake(96, 'hex', 913)}`,
    `PACKAGIST_KEY=${R('packagist_token')}\nPACKAGIST_SECRET=${R('packagist_token', 2)}`],
  ['private packagist organization read token', `"token": "packagist_ort_${fake(68, 'hex', 914)}"`, `"token": "${R('packagist_token')}"`],
  ['deno deploy personal token', `deployctl deploy --token=ddp_${fake(36, 'alnum', 915)} main.ts`, `deployctl deploy --token=${R('deno_token')} main.ts`],
  ['deno deploy organization token', `DENO_DEPLOY_TOKEN: ddo_${fake(36, 'alnum', 916)}`, `DENO_DEPLOY_TOKEN: ${R('deno_token')}`],
  ['postman collection access token', `newman run "https://api.postman.com/collections/1?access_key=PMAT-${ULID}"`,
    `newman run "https://api.postman.com/collections/1?access_key=${R('postman_token')}"`],
  ['xai management key', `XAI_MANAGEMENT_KEY=xai-token-${fake(80, 'alnum', 917)}`, `XAI_MANAGEMENT_KEY=${R('xai_key')}`],
  ['elastic cloud serverless api key', `Authorization: ApiKey essu_${fake(90, 'b64', 918)}==`, `Authorization: ApiKey ${R('elastic_key')}`],
  ['pypi token of another index', `password = pypi-AgEI${fake(176, 'url', 919)}`, `password = ${R('pypi_token')}`],
  ['github token glued to a word', `${GHP}extra`, R('github_token')],
  ['github tokens pasted with no space between', `${GHS}${GHP}`, `${R('github_token')}${R('github_token', 2)}`],
  ['npm token glued to a word', `//registry.npmjs.org/:_authToken=${NPM}abc`, `//registry.npmjs.org/:_authToken=${R('npm_token')}abc`],
  ['github token in a kubernetes secret', `data:\n  GITHUB_TOKEN: ${b64(GHP)}\n`, `data:\n  GITHUB_TOKEN: ${R('encoded_token')}\n`],
  ['gitlab token in base64 with its newline', `token: ${b64(`glpat-${fake(20, 'url', 920)}\n`)}`, `token: ${R('encoded_token')}`],
  ['aws key id, then its secret on the next line', `${AKIA}\n${AWS_SECRET}`, `${R('aws_access_key')}\n${R('aws_secret_key')}`],
  ['aws key id, a blank line, then another value: not its secret', `${AKIA}\n\n${AWS_SECRET}`, `${R('aws_access_key')}\n\n${AWS_SECRET}`],
  ['cloud storage hmac id and secret', `access_id: ${GOOG_ID}\nsecret: ${GOOG_SECRET}`, `access_id: ${R('gcp_hmac_key')}\nsecret: ${R('gcp_hmac_secret')}`],
  ['tink keyset', tinkKey('AesGcmKey', TINK_VALUE), tinkKey('AesGcmKey', R('tink_keyset'))],
  ['tink keyset inside a json string', `{"key": "${tinkKey('AesGcmKey', TINK_VALUE).replace(/"/g, '\\"')}"}`,
    `{"key": "${tinkKey('AesGcmKey', R('tink_keyset')).replace(/"/g, '\\"')}"}`],
  ['web push keys given to web-push', `webpush.setVapidDetails(\n  'mailto:ops@corp.io',\n  '${VAPID_PUBLIC}',\n  '${VAPID_PRIVATE}'\n);`,
    `webpush.setVapidDetails(\n  'mailto:${R('email')}',\n  '${R('vapid_key')}',\n  '${R('vapid_key', 2)}'\n);`],
  ['tink keyset in base64, as an environment variable holds it', `TINK_KEYSET=${b64(tinkKey('AesGcmKey', TINK_VALUE))}`, `TINK_KEYSET=${R('tink_keyset')}`],
];

/** Shapes these rules must not take for secrets. */
export const encodedKeyLookalikes: Negative[] = [
  ['a packagist placeholder key', 'packagist_ack_aaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
  ['a constant that opens with GOOG', 'GOOGLE_APPLICATION_CREDENTIALS_FILE_PATH_FOR_TESTS = 1'],
  ['a github-shaped word glued to more without a valid checksum', `ghp_${fake(36, 'alnum', 921)}_extra`],
  ['base64 of text that only starts like a token', `msg: ${b64('ghp_ is the prefix of a classic token')}`],
  ['a tink public keyset', tinkKey('EcdsaPublicKey', `EgY${fake(40, 'b64', 922)}`)],
  ['a tink public keyset in base64', b64(tinkKey('EcdsaPublicKey', `EgY${fake(40, 'b64', 922)}`))],
  ['a vapid public key alone', `const applicationServerKey = urlBase64ToUint8Array('${VAPID_PUBLIC}'); // vapid`],
  ['a rapid test with a hash and a long token-like name', `rapid run ${fake(43, 'url', 927)} then B${fake(86, 'url', 928)}`],
  ['a circleci token prefix before a shape of no token', `CCIPAT_short_${fake(40, 'hex', 924)}`],
];
