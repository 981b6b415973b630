import { generateKeyPairSync } from 'node:crypto';
import { fake, R, type Case, type Negative } from './corpus-helpers';

// Keys recognised by a fixed part at a fixed place rather than by a prefix: Azure's identifiable
// keys (a signature 33, 42, 52 or 76 characters in) and private keys pasted as bare base64 DER.
// Azure keys are generated here from each format's alphabet; the DER keys are made fresh by
// node:crypto for each run, so none is a real credential.

const b64 = (n: number, seed: number) => fake(n, 'b64', seed);
const azure: Array<[name: string, kind: string, key: string]> = [
  ['storage account key', 'azure_storage_key', `${b64(76, 701)}+ASt${b64(5, 702)}Q==`],
  ['cosmos db key', 'azure_key', `${b64(76, 703)}ACDb${b64(5, 704)}w==`],
  ['api management subscription key', 'azure_key', `${b64(76, 705)}APIM${b64(5, 706)}g==`],
  ['service bus shared access key', 'azure_shared_access_key', `${b64(33, 707)}+ASbC${b64(5, 708)}=`],
  ['event hubs shared access key', 'azure_shared_access_key', `${b64(33, 709)}+AEhK${b64(5, 710)}=`],
  ['iot hub key', 'azure_key', `${b64(33, 711)}AIoTD${b64(5, 712)}=`],
  ['cache for redis key', 'azure_key', `${b64(33, 713)}AzCaP${b64(5, 714)}=`],
  ['functions key', 'azure_key', `${fake(44, 'url', 715)}AzFu${fake(5, 'url', 716)}A==`],
  ['search admin key', 'azure_key', `${fake(42, 'alnum', 717)}AzSeB${fake(5, 'alnum', 718)}`],
  ['container registry key', 'azure_key', `${b64(42, 719)}+ACRA${b64(5, 720)}`],
  ['openai key (84 characters)', 'azure_key', `${fake(52, 'alnum', 721)}JQQJ99BEACYeBjFXJ3w3AAABACOG${fake(4, 'alnum', 722)}`],
  ['maps key (84 characters)', 'azure_key', `${fake(52, 'alnum', 723)}JQQJ99AL${fake(12, 'alnum', 724)}AAAAAZMP${fake(4, 'alnum', 725)}`],
];

const FORMS: Array<(t: string) => [string, (r: string) => string]> = [
  (t) => [`const client = new Client(endpoint, "${t}");`, (r) => `const client = new Client(endpoint, "${r}");`],
  (t) => [`curl -H "Ocp-Apim-Subscription-Key: ${t}" https://x`, (r) => `curl -H "Ocp-Apim-Subscription-Key: ${r}" https://x`],
  (t) => [`  - ${t}`, (r) => `  - ${r}`],
  (t) => [`key ${t} rotated`, (r) => `key ${r} rotated`],
];

const der = (key: { export(o: { type: 'pkcs1' | 'pkcs8' | 'sec1'; format: 'der' }): Buffer }, type: 'pkcs1' | 'pkcs8' | 'sec1') =>
  key.export({ type, format: 'der' }).toString('base64');
const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 });
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const ed = generateKeyPairSync('ed25519');
const RSA1 = der(rsa.privateKey, 'pkcs1');
const RSA8 = der(rsa.privateKey, 'pkcs8');
const EC1 = der(ec.privateKey, 'sec1');
const EC8 = der(ec.privateKey, 'pkcs8');
const ED8 = der(ed.privateKey, 'pkcs8');
const SPKI = rsa.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
/** PEM's 64-character lines. */
const wrap = (s: string, sep: string) => s.match(/.{1,64}/g)!.join(sep);

/** An Azure storage account key of the older form: 64 bytes, 86 characters and `==`. */
const STORAGE = `${b64(86, 740)}==`;

export const identifiableKeyCases: Case[] = [
  ...azure.map(([name, kind, key], i): Case => {
    const [input, expected] = FORMS[i % FORMS.length](key);
    return [`azure ${name}`, input, expected(R(kind))];
  }),
  ['a storage key after a command-line option', `AzureStorageCleanup.exe -storagename acct\n    -storagekey ${STORAGE}\n`,
    `AzureStorageCleanup.exe -storagename acct\n    -storagekey ${R('azure_storage_key')}\n`],
  ['a storage key a formatter moved to the next line', `static final String DEFAULT_ACCOUNT_KEY\n    = "${STORAGE}";`,
    `static final String DEFAULT_ACCOUNT_KEY\n    = "${R('azure_storage_key')}";`],
  ['a storage key as a dictionary entry', `{ "SecondaryAccountKey", "${STORAGE}" },`, `{ "SecondaryAccountKey", "${R('azure_storage_key')}" },`],
  ['a storage key as the default of an environment look-up', `process.env.ACCOUNT_KEY ||\n  "${STORAGE}";`,
    `process.env.ACCOUNT_KEY ||\n  "${R('azure_storage_key')}";`],
  ['an RSA private key (PKCS#1) as one base64 string in JSON', `{"privateKey": "${RSA1}"}`, `{"privateKey": "${R('private_key')}"}`],
  ['an RSA private key (PKCS#8) decoded in code', `signer.init(Base64.decode("${RSA8}"));`, `signer.init(Base64.decode("${R('private_key')}"));`],
  ['a P-256 private key (SEC 1) passed to a call', `load("${EC1}")`, `load("${R('private_key')}")`],
  ['a P-256 private key (PKCS#8) in YAML', `signing_key: ${EC8}`, `signing_key: ${R('private_key')}`],
  ['an Ed25519 private key (PKCS#8) bare', `ed25519 ${ED8} (dev)`, `ed25519 ${R('private_key')} (dev)`],
  [
    'a PEM body a chunk cut from both its markers',
    `${wrap(RSA1, '\n')}\n`,
    `${R('private_key')}${'\n'.repeat(wrap(RSA1, '\n').split('\n').length)}`,
  ],
  ['a PEM body with escaped line breaks', `"key": "${wrap(RSA8, '\\n')}"`, `"key": "${R('private_key')}"`],
];

export const identifiableKeyLookalikes: Negative[] = [
  ['a public key as base64 DER', `"publicKey": "${SPKI}"`],
  ['an Azure signature word in prose', 'The APIM gateway and the AzFu host read +ASt settings; JQQJ9 is a signature.'],
  ['a placeholder with an Azure signature', `example: ${'x'.repeat(76)}+ASt${'x'.repeat(5)}Q==`],
  ['a base64 run with a signature at the wrong place', `${b64(60, 730)}+ASt${b64(5, 731)}Q==`],
  ['an integrity hash near a storage key name', `storageKey: 1, "integrity": "sha512-${b64(86, 741)}=="`],
  ['a shorter base64 value after a storage key name', `check(account_key, "${b64(60, 742)}==")`],
  ['a DER signature with too little after it', 'prefix MIIEowIBAAKCAQEAu3f9 suffix'],
  ['an identifier that opens like a P-256 key', 'const MHcCAQEEIabc = 1;'],
];
