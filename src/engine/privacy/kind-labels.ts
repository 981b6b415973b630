import type { RedactionCounts } from './types';

/**
 * Redaction kinds in words for people ("AWS access key", "email address"), where the chat and the
 * panel say what was redacted. The kinds themselves (`aws_access_key`) stay in the markers the
 * model sees, in logs and in the CLI's output, which scripts read.
 */
const WHOLE: Record<string, string> = {
  email: 'email address',
  phone: 'phone number',
  person_name: 'name',
  national_id: 'national ID number',
  drivers_license: "driver's license",
  card_expiry: 'card expiry date',
  user_agent: 'user agent',
  us_ssn: 'US Social Security number',
  uk_nino: 'UK National Insurance number',
  uk_nhs: 'UK NHS number',
  us_dea: 'US DEA registration number',
  us_mbi: 'US Medicare beneficiary ID',
  de_health_insurance: 'DE health insurance number',
  de_social_security: 'DE pension insurance number',
  de_lanr: 'DE doctor number (LANR)',
  record_number: 'personal record number',
  in_voter_id: 'IN voter ID',
  twitter_bearer: 'Twitter bearer token',
};

/** Words written in their own case: acronyms, and vendors whose name is not just capitalised. */
const CASED: Record<string, string> = {
  aws: 'AWS', gcp: 'GCP', api: 'API', jwt: 'JWT', ip: 'IP', mac: 'MAC', pin: 'PIN', gps: 'GPS', iban: 'IBAN', bic: 'BIC', imei: 'IMEI',
  sas: 'SAS', sid: 'SID', oauth: 'OAuth', npm: 'npm', pypi: 'PyPI', github: 'GitHub', gitlab: 'GitLab', openai: 'OpenAI',
  huggingface: 'Hugging Face', digitalocean: 'DigitalOcean', newrelic: 'New Relic', onepassword: '1Password', launchdarkly: 'LaunchDarkly',
  circleci: 'CircleCI', sendgrid: 'SendGrid', planetscale: 'PlanetScale', clickhouse: 'ClickHouse', flyio: 'Fly.io', frameio: 'Frame.io',
  xai: 'xAI', dbt: 'dbt', rubygems: 'RubyGems', sonarqube: 'SonarQube', easypost: 'EasyPost', openrouter: 'OpenRouter', langsmith: 'LangSmith',
  trufflehog: 'TruffleHog', pganalyze: 'pganalyze', photoroom: 'PhotoRoom', nuget: 'NuGet', intra42: '42 Intra', ein: 'EIN', itin: 'ITIN',
  npi: 'NPI', tfn: 'TFN', abn: 'ABN', sin: 'SIN', cpf: 'CPF', cnpj: 'CNPJ', rut: 'RUT', pan: 'PAN', dni: 'DNI', nir: 'NIR', bsn: 'BSN',
  nric: 'NRIC', rrn: 'RRN', curp: 'CURP', hetu: 'HETU', pesel: 'PESEL', aadhaar: 'Aadhaar', appsync: 'AppSync', id: 'ID',
  tckn: 'TCKN', tnin: 'TNIN', mbi: 'MBI', dea: 'DEA', elevenlabs: 'ElevenLabs', posthog: 'PostHog', pubnub: 'PubNub', cratesio: 'crates.io',
  mongodb: 'MongoDB', atlas: 'Atlas', nvidia: 'NVIDIA', pagarme: 'Pagar.me', tickettailor: 'Ticket Tailor', mws: 'MWS', devops: 'DevOps',
  clickup: 'ClickUp', llamacloud: 'LlamaCloud', wundergraph: 'WunderGraph', nats: 'NATS', ntlm: 'NTLM',
  hmac: 'HMAC', vapid: 'VAPID', cockroachdb: 'CockroachDB',
  ahv: 'AHV', egn: 'EGN', cpr: 'CPR', oib: 'OIB', cnp: 'CNP', emso: 'EMŠO', pps: 'PPS', rntrc: 'RNTRC', cnic: 'CNIC', fodselsnummer: 'fødselsnummer',
};

/** Country codes that open a national identifier's kind (`br_cpf`). */
const COUNTRIES = new Set([
  'at', 'au', 'be', 'bg', 'br', 'ca', 'ch', 'cl', 'cn', 'cz', 'de', 'dk', 'ee', 'es', 'fi', 'fr', 'hr', 'ie', 'il', 'in', 'is', 'it', 'jp', 'kr',
  'lt', 'mx', 'my', 'nl', 'no', 'pk', 'pl', 'ro', 'se', 'sg', 'si', 'th', 'tr', 'ua', 'uk', 'us', 'za',
]);

/** Words of the generic kinds; a first word not among them names a vendor, and is capitalised. */
const COMMON = new Set([
  'account', 'address', 'agent', 'auth', 'bank', 'basic', 'bearer', 'birth', 'card', 'city', 'code', 'connection', 'coordinate', 'credit', 'crypto',
  'date', 'hash', 'key', 'medical', 'number', 'passport', 'password', 'plate', 'postal', 'record', 'routing', 'secret', 'street', 'string', 'token',
  'username', 'vehicle', 'wallet', 'webhook', 'private', 'resident', 'tax', 'fiscal', 'access', 'signature', 'presigned', 'shared', 'storage', 'client',
  'encoded',
]);

export function kindLabel(kind: string): string {
  if (WHOLE[kind]) return WHOLE[kind];
  return kind
    .split('_')
    .map((w, i) => CASED[w] ?? (i === 0 && COUNTRIES.has(w) ? w.toUpperCase() : i === 0 && !COMMON.has(w) ? w[0].toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/**
 * "address" → "addresses", "ID number" → "ID numbers"; a label ending in an acronym or a name gets an "s" too;
 * "date of birth" → "dates of birth" (the noun before "of" takes the plural).
 */
function pluralLabel(label: string, n: number): string {
  if (n === 1) return label;
  const of = label.indexOf(' of ');
  if (of > 0) return pluralLabel(label.slice(0, of), n) + label.slice(of);
  if (/(s|x|ch|sh)$/.test(label)) return `${label}es`;
  if (/[^aeiou]y$/.test(label)) return `${label.slice(0, -1)}ies`;
  return `${label}s`;
}

/**
 * The one privacy sentence the chat and the panel show after an answer, in plain words, or '' when
 * nothing was hidden (saying "nothing" under every answer was noise). `sent`: whether the text went
 * to a model (else the user only saw the snippets).
 */
export function describeHidden(counts: RedactionCounts, sent: boolean): string {
  const kinds = Object.keys(counts).sort();
  if (!kinds.length) return '';
  const what = kinds.map((k) => `${counts[k]} ${pluralLabel(kindLabel(k), counts[k])}`).join(', ');
  return `${sent ? 'Hidden before sending to the model' : 'Hidden in these snippets'}: ${what}.`;
}
