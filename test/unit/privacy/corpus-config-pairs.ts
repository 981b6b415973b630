import { fake, R, type Case, type Negative } from './corpus-helpers';

// Secrets whose name is a value of its own and whose value sits in the field after it (name/value
// pairs of task definitions, Kubernetes env lists, Hadoop XML, key/value entries), defaults of
// environment look-ups, Android string resources, and a few provider formats that public secret
// corpora hold (semgrep-rules, whispers). Values are generated; none is copied from a corpus.

const PASSWORD = fake(14, 'alnum', 801);
const TOKEN = fake(32, 'alnum', 802);
const S3_SECRET = fake(40, 'alnum', 803);
const MAPS_KEY = fake(32, 'hex', 804);

export const configPairCases: Case[] = [
  ['a name/value pair in an ECS task definition',
    `"environment": [{"name": "DB_PASSWORD", "value": "${PASSWORD}"}, {"name": "PORT", "value": "8080"}]`,
    `"environment": [{"name": "DB_PASSWORD", "value": "${R('password')}"}, {"name": "PORT", "value": "8080"}]`],
  ['a Kubernetes env entry with a literal value',
    `env:\n  - name: API_TOKEN\n    value: ${TOKEN}\n  - name: LOG_LEVEL\n    value: debug\n`,
    `env:\n  - name: API_TOKEN\n    value: ${R('api_key')}\n  - name: LOG_LEVEL\n    value: debug\n`],
  ['a Hadoop configuration property',
    `<property>\n  <name>fs.s3a.secret.key</name>\n  <value>${S3_SECRET}</value>\n</property>`,
    `<property>\n  <name>fs.s3a.secret.key</name>\n  <value>${R('api_key')}</value>\n</property>`],
  ['a key/value entry in XML',
    `<entry>\n  <key>smtp_password</key>\n  <value>${PASSWORD}</value>\n</entry>`,
    `<entry>\n  <key>smtp_password</key>\n  <value>${R('password')}</value>\n</entry>`],
  ['the default of an environment look-up (Python)',
    `password = os.getenv("DB_PASSWORD", "${PASSWORD}")\nuser = os.environ.get("DB_USER", "app")`,
    `password = os.getenv("DB_PASSWORD", "${R('password')}")\nuser = os.environ.get("DB_USER", "app")`],
  ['an API key in an Android string resource',
    `<string name="app_name">Maps</string>\n<string name="maps_api_key" translatable="false">${MAPS_KEY}</string>`,
    `<string name="app_name">Maps</string>\n<string name="maps_api_key" translatable="false">${R('api_key')}</string>`],
  ['a password key run together with what it opens, in a JDBC query',
    `jdbc:mysql://db.internal/app?user=report&dbpass=${PASSWORD}`,
    `jdbc:mysql://db.internal/app?user=report&dbpass=${R('password')}`],
  ['curl --proxy-user', `curl --proxy-user proxy:${PASSWORD} https://example.org`, `curl --proxy-user proxy:${R('basic_auth')} https://example.org`],
  ['an Onfido live key', `ONFIDO = "api_live_us.${fake(11, 'url', 805)}.${fake(32, 'url', 806)}"`, `ONFIDO = "${R('onfido_token')}"`],
  ['a Braintree access token whose secret is not hex', `access_token$production$${fake(16, 'lower', 807)}$${fake(32, 'lower', 808)}`, R('paypal_token')],
  ['an htpasswd entry with a SHA-1 digest', `alice:{SHA}${fake(27, 'b64', 810)}=`, `alice:${R('password_hash')}`],
  ['a Kolide API key', `kolide: k2sk_v1_${fake(24, 'alnum', 809)}`, `kolide: ${R('kolide_key')}`],
];

export const configPairLookalikes: Negative[] = [
  ['name/value pairs whose value is a variable or a template',
    '{ name: "password", value: password }\n{"name": "API_TOKEN", "value": "{{ .Values.token }}"}'],
  ['a Kubernetes env entry read from a Secret',
    'env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db\n        key: password\n'],
  ['translation entries keyed by a password label', '[{"key": "login.password", "value": "Mot de passe"}, {"key": "api_token", "value": "Jeton d\'accès"}]'],
  ['an empty form field named password', '<input type="password" name="password" value="">'],
  ['environment look-ups without a default or with an empty one', 'os.getenv("PASSWORD")\nos.getenv("PASSWORD", "")\nenviron.get("pwd", None)'],
  ['a string resource that labels a password field', '<string name="password_hint">Enter your password</string>'],
  ['format fields and escaped variables as values', 'password = "{password}"\nDB_PASSWORD: $$DB_PASSWORD\nconn = "{DB_PASS}"'],
  ['keys that end in pass without naming one', 'bypass = "allowListedHostsOnly"\ncompass: "north-by-northwest"'],
  // Values of secret keys that public corpora mark as no secret (whispers' compliant fixtures, semgrep's `ok:` lines).
  ['a URL after a flag that asks for the password', 'wget --user=admin --ask-password https://localhost/file'],
  ['a value that repeats its key, a slot to fill in', 'environment:\n  - "DB_PASSWORD=DB_PASSWORD"'],
  ['CloudFormation references as values', 'MasterUserPassword: !Ref DBPasswordParameter\nApiToken: !GetAtt Secret.SecretString'],
  ['format strings filled in by .format()', 'password = "prefix_{}".format(suffix)\nsecret_key = "key-{0}-{1}".format(a, b)'],
  ['an f-string call as the password of a URL', 'url = f"https://{user}:{get_token(name)}@github.com/org/repo"'],
  ['a masked password and a sentinel address', "password: 'K1f...........'\nconst NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';"],
  ["AWS's documented secret key with a sample word at its end", 'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYESAMPLEKEY'],
];
