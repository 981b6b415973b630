import { fake, R, type Case, type Negative } from './corpus-helpers';

// Keyword-anchored secrets: a key that names a secret, in every syntax a config or program
// writes an assignment in, with a random-looking value. Also unquoted values in the middle of a
// line, as a question or a fetched web page holds them (issue 14, item 20).

const V = fake(32, 'alnum', 401);
const SYM = 'q7#Lm(2)Zx!9p{v}R';

type Form = [name: string, template: string];

// `{v}` is replaced by the value; the key names a token in each.
const FORMS: Form[] = [
  ['ini quoted', 'serviceToken="{v}"'],
  ['ini spaced quoted', 'serviceToken = "{v}"'],
  ['ini unquoted', 'serviceToken={v}'],
  ['ini spaced unquoted', 'serviceToken = {v}'],
  ['json', '{\n    "service_token": "{v}"\n}'],
  ['json escaped in a string', '\\{\\n    \\"service_token\\": \\"{v}\\"\\n\\}'],
  ['xml element', '<serviceToken>{v}</serviceToken>'],
  ['xml element over lines', '<serviceToken>\n    {v}\n</serviceToken>'],
  ['yaml unquoted', 'service_token: {v}'],
  ['yaml single quoted', "service_token: '{v}'"],
  ['yaml literal block', 'service_token: |\n  {v}'],
  ['yaml folded block', 'service_token: >\n  {v}'],
  ['c#', 'string serviceToken = "{v}";'],
  ['go var with type', 'var serviceToken string = "{v}"'],
  ['go short with backticks', 'serviceToken := `{v}`'],
  ['java', 'String serviceToken = "{v}";'],
  ['kotlin', 'var serviceToken = "{v}"'],
  ['php concat assignment', '$serviceToken .= "{v}"'],
  ['python', "serviceToken = '{v}'"],
  ['csv', 'serviceToken,{v},'],
  ['logstash', '  "serviceToken" => "{v}"'],
  ['makefile recursive', 'SERVICE_TOKEN = "{v}"'],
  ['makefile simple', 'SERVICE_TOKEN := "{v}"'],
  ['makefile shell', 'SERVICE_TOKEN ::= "{v}"'],
  ['makefile conditional', 'SERVICE_TOKEN ?= "{v}"'],
  ['makefile append', 'SERVICE_TOKEN += "{v}"'],
  ['toml', 'service_token = "{v}"'],
  ['hcl', '  service_token = "{v}"'],
  ['shell export', 'export SERVICE_TOKEN={v}'],
  ['query parameter', 'GET /v1/items?service_token={v}&page=2'],
  ['command-line flag', 'deploy --service-token={v} --force'],
  ['comparison', 'if (apiKey == "{v}") {'],
  ['reversed comparison', 'if ("{v}" !== client_secret) {'],
  ['c array', 'char secret[33] = "{v}";'],
  ['objective-c string', 'password = @"{v}";'],
  ['c++ constructor', 'std::string secret("{v}");'],
  ['keyword before a string', 'password "{v}";'],
  ['password with words after it', 'admin_password_prod = "{v}"'],
  ['api key with a service suffix', 'apikey_billing: "{v}"'],
  ['auth keyword', 'SMTP_AUTH={v}'],
  ['creds keyword', 'deployCreds: "{v}"'],
  ['provider-named id', 'sumo_access_id = "{v}"'],
];

export const genericCases: Case[] = [
  ...FORMS.map(([name, template]): Case => {
    const kind = /password/.test(template) ? 'password' : 'api_key';
    return [`generic secret: ${name}`, template.replace('{v}', V), template.replace('{v}', R(kind))];
  }),
  ['generic secret: symbols in a yaml value with a trailing comma', `db_pass: ${SYM},`, `db_pass: ${R('password')},`],
  [
    'mid-line: unquoted password in a question',
    'why does login fail with password=QPass-7788!x on staging?',
    `why does login fail with password=${R('password')} on staging?`,
  ],
  [
    'mid-line: token in a sentence of a fetched page',
    'Set the header with token=Zq81Kd0pXw7Lm3Rt and restart.',
    `Set the header with token=${R('api_key')} and restart.`,
  ],
  ['mid-line: key-value pairs in a log line', 'level=info user=ana pwd=Tr0ub4dor&3 status=ok', `level=info user=ana pwd=${R('password')} status=ok`],
  [
    'mid-line: password in prose before a full stop',
    'The db password=hunter2Hunter2. Please rotate it.',
    `The db password=${R('password')}. Please rotate it.`,
  ],
  ['generic secret: unquoted symbols after a spaced =', `apikey = ${SYM}`, `apikey = ${R('api_key')}`],
  ['generic secret: unquoted symbols after :=', `deployToken := ${SYM}`, `deployToken := ${R('api_key')}`],
  ['generic secret: pass qualified by environment', `db_pass_secure := ${SYM}`, `db_pass_secure := ${R('password')}`],
  ['generic secret: c++ assign on a secret-named string', `secret.assign("${V}", 32);`, `secret.assign("${R('api_key')}", 32);`],
  ['curl basic auth', 'curl -u admin:S3cr3t!pw https://api.example.com/v1', `curl -u admin:${R('basic_auth')} https://api.example.com/v1`],
  ['curl --user quoted', "curl --user 'deploy:hunter2xyz' https://ci.example.com", `curl --user 'deploy:${R('basic_auth')}' https://ci.example.com`],
  [
    'curl raw authorization header',
    `curl -H "Authorization: ${fake(32, 'hex', 402)}" https://x.example.com`,
    `curl -H "Authorization: ${R('bearer_token')}" https://x.example.com`,
  ],
  ['curl api key header', `curl -H "X-Api-Key: ${fake(24, 'alnum', 403)}" https://x.example.com`, `curl -H "X-Api-Key: ${R('api_key')}" https://x.example.com`],
  [
    'curl private-token header',
    `curl --header 'PRIVATE-TOKEN: ${fake(20, 'alnum', 404)}' https://gitlab.example.com/api`,
    `curl --header 'PRIVATE-TOKEN: ${R('api_key')}' https://gitlab.example.com/api`,
  ],
];

export const genericLookalikes: Negative[] = [
  ['a fake value', 'password = "somefakekey"'],
  ['a key that is only "key"', 'some_key = "real_secret"'],
  ['punctuation only', 'password: ,.:-*?!'],
  ['mismatched quotes', `private_key "${V}';`],
  ['keyword arguments in code', 'connect(host=h, password=pwd, port=5)'],
  ['assignment of another variable mid-line', 'if (ok) { user.token=nextToken; }'],
  ['prose mentioning a password rule', 'the password=required flag makes the field mandatory'],
  ['password length setting', 'password_min_length = 12'],
  ['token url', 'token_endpoint: "https://login.example.com/oauth2/v2.0/token"'],
  ['tokenizer name', 'tokenizer = "cl100k_base"'],
  ['env placeholder in curl', 'curl -u "$API_USER:$API_PASS" https://x.example.com'],
  ['shell variable in a header', 'curl -H "Authorization: Bearer $TOKEN" https://x.example.com'],
  ['template reference', 'secret: ${VAULT_SECRET}'],
  ['a camelCase identifier value', 'authMode: "clientCredentialsFlow"'],
  ['an indexed name after a secret-named key', '  apiKey = keys[current].value;'],
  ['pass followed by another word', 'pass_through = enabled_for_all'],
  ['assign on something not secret', 'name.assign("report-2024-q3", 14);'],
];
