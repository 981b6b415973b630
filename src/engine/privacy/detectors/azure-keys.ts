import type { PatternRule } from '../detector';
import { isFakeBody } from '../token-checks';

// Azure's identifiable keys (storage, Cosmos DB, Service Bus, Event Hubs, Functions, Search, API
// Management, IoT Hub, Redis, Container Registry, and the 84-character keys of Azure AI services,
// Azure OpenAI, Maps, Communication Services, …). Since 2022–2023 Azure issues them with a fixed
// signature at a fixed place (`+ASt` 76 characters in, `JQQJ9` 52 in), so a bare key in a test or a
// notebook is found without a key name before it. Each is found from its signature with indexOf,
// walking back at most the key's own length: linear on any input.

const B62 = 'A-Za-z0-9';
const B64 = 'A-Za-z0-9+/';
/** Not inside a longer run of the key's alphabet (base64 or URL-safe base64). */
const BEFORE = '(?<![\\w+/-])';
const AFTER = '(?![\\w+/=-])';

/** A key whose random part is not a placeholder nor one character over and over. */
const random = (value: string) => !isFakeBody(value) && new Set(value).size >= 12;

function signed(kind: string, signature: string, back: number, charset: string, pattern: string): PatternRule {
  return {
    kind,
    anchor: { literal: signature, back: new RegExp(`[${charset}]`), maxBack: back },
    pattern: new RegExp(pattern, 'y'),
    accept: (value) => random(value.slice(0, back)),
  };
}

const isB64 = (c: string | undefined) => c !== undefined && /[A-Za-z0-9+/]/.test(c);
const STORAGE_KEY_NAME = /(?:[Aa]ccount|ACCOUNT|[Ss]torage|STORAGE)_?(?:[Kk]ey|KEY)(?![a-z])([^\n]{0,40}(?:\n[^\n]{0,40})?)$/;
/** The key's name ends at most 40 characters before it, on its line or the one above. */
const namedStorageKey = (text: string, start: number) => STORAGE_KEY_NAME.test(text.slice(Math.max(0, start - 120), start));

const esc = (s: string) => s.replace(/\+/g, '\\+');

/** 88 characters: 76 random, the signature, 5 random, then `[AQgw]==` (a 64-byte key in base64). */
const long = (kind: string, signature: string) =>
  signed(kind, signature, 76, B64, `${BEFORE}[${B64}]{76}${esc(signature)}[${B64}]{5}[AQgw]==${AFTER}`);
/** 44 characters: 33 random, the signature, one of `A`–`P`, 5 random, `=` (a 32-byte key). */
const short = (kind: string, signature: string) =>
  signed(kind, signature, 33, B64, `${BEFORE}[${B64}]{33}${esc(signature)}[A-P][${B64}]{5}=${AFTER}`);

export const azureKeyRules: PatternRule[] = [
  long('azure_storage_key', '+ASt'),
  long('azure_key', 'ACDb'), // Cosmos DB
  long('azure_key', '+ABa'), // Batch
  long('azure_key', '+AMC'), // Machine Learning web services (classic)
  long('azure_key', 'APIM'), // API Management
  short('azure_shared_access_key', '+ASb'), // Service Bus
  short('azure_shared_access_key', '+AEh'), // Event Hubs
  short('azure_shared_access_key', '+ARm'), // Relay
  short('azure_key', 'AIoT'), // IoT Hub, devices, Device Provisioning
  short('azure_key', 'AzCa'), // Cache for Redis
  short('azure_key', 'AZEG'), // Event Grid
  // Functions: URL-safe base64, 44 random, `AzFu`, 5, `[AQgw]==`.
  signed('azure_key', 'AzFu', 44, '\\w-', `(?<![\\w-])[\\w-]{44}AzFu[\\w-]{5}[AQgw]==(?![\\w-])`),
  // Search query and admin keys: 52 letters and digits with `AzSe` 42 in.
  signed('azure_key', 'AzSe', 42, B62, `${BEFORE}[${B62}]{42}AzSe[A-D][${B62}]{5}${AFTER}`),
  // Container Registry: 52 characters with `+ACR` 42 in.
  signed('azure_key', '+ACR', 42, B64, `${BEFORE}[${B64}]{42}\\+ACR[A-D][${B64}]{5}${AFTER}`),
  {
    // The 84-character keys (Azure AI services, Azure OpenAI, Maps, Communication Services, App
    // Configuration, Container Registry, …): 52 random, `JQQJ9`, a version, the date, the provider's
    // code near the end (`ACOG`, `AZCR`, `AZMP`). Azure DevOps' (`AZDO`) has its own kind (token-rules-context.ts).
    kind: 'azure_key',
    anchor: { literal: 'JQQJ9', back: /[A-Za-z0-9]/, maxBack: 52 },
    pattern: new RegExp(`(?<![\\w-])[${B62}]{52}JQQJ9[9DH][${B62}][A-L][${B62}]{16}[A-Za-z][${B62}]{7}(?:[${B62}]{2}==)?${AFTER}`, 'y'),
    accept: (value) => value.slice(76, 80) !== 'AZDO' && random(value.slice(0, 52)),
  },
  {
    // A storage account key of the older form (64 bytes: 86 base64 characters and `==`) a little after a name
    // that says so, whatever sits between: `-storagekey …`, `DEFAULT_ACCOUNT_KEY = "…"` on the next line,
    // `{ "SecondaryAccountKey", "…" }`, `['AccountKey'], '…'`, `ACCOUNT_KEY || "…"`. Not an integrity hash (`sha512-…==`).
    // Found from its `==` (three characters tell a run of 86 from `a == b`), then the name looked for before it.
    kind: 'azure_storage_key',
    anchor: { literal: '==', back: /[A-Za-z0-9+/]/, maxBack: 86, quick: (t, at) => at >= 86 && isB64(t[at - 1]) && isB64(t[at - 86]) },
    pattern: new RegExp(`(?<![${B64}-])[${B64}]{86}==(?![${B64}=])`, 'y'),
    accept: (value, text, start) => random(value.slice(0, 86)) && namedStorageKey(text, start),
  },
];
