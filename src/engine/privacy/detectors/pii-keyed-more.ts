import { passesLuhn } from '../checks';
import { anyCase, capitalisedOrNot, J, NUMBER_WORD, SEP, type KeyedRule, type KeywordTable } from '../keyed-scan';
import { isGivenName } from './given-names';

// More personal data that only its key gives away: a phone's IMEI (Luhn-checked), a position
// (`lat`/`lon` values, a `coordinates`/`location` pair within range), a username, a UK number
// plate, a Solana address (base58 without a checksum: only its label tells it). Each is read after
// its key only: decimals, words and plates are everywhere in code.

const imei: KeyedRule = {
  kind: 'imei',
  standalone: true,
  pattern: new RegExp(`${anyCase('imei')}(?:${anyCase('sv')})?${NUMBER_WORD}${SEP}(?<value>\\d{2}[- ]?\\d{6}[- ]?\\d{6}[- ]?\\d)(?![\\w-])`, 'y'),
  accept: (value) => passesLuhn(value.replace(/\D/g, '')) && !/^(\d)\1*$/.test(value.replace(/\D/g, '')),
};

/** Under a `lat`/`lon` key, a decimal with two places is a position (`"lat": -46.84`, about a kilometre); whole degrees and one place are not. */
const DEGREE_VALUE = '-?\\d{1,3}\\.\\d{2,10}';
/** One of a pair under a key that names a position: any decimal, once the other has three places (`GPS: 64.211, 24.6`). */
const PAIR_DEGREES = '-?\\d{1,3}\\.\\d{1,10}';
const inRange = (value: string, max: number) => Math.abs(Number(value)) <= max;

const pair: KeyedRule = {
  kind: 'gps_coordinate',
  standalone: true,
  pattern: new RegExp(
    `(?:${anyCase('coordinates')}|${anyCase('coordinate')}|${anyCase('coords')}|${anyCase('gps')}|` +
      `${anyCase('location')}|${anyCase('position')}|${anyCase('geo')}(?:${anyCase('location')})?|` +
      `${anyCase('lat')}${J}[lL](?:[oO][nN][gG]?|[nN][gG])|[sS]tandort)` +
      // `My location is 40.7128, -74.0060`, `Mein Standort ist …`: a sentence names it as a key does.
      `["']?[ \\t]{0,3}(?:[:=]|[ \\t][iI][sS][tT]?)?[ \\t]{0,3}[\\[({]?[ \\t]{0,3}` +
      `(?<value>${PAIR_DEGREES}[ \\t]{0,3},[ \\t]{0,3}${PAIR_DEGREES})(?!\\d|\\.\\d)`,
    'y',
  ),
  accept: (value) => {
    const [lat, lon] = value.split(',').map((p) => p.trim());
    const places = [lat, lon].map((v) => v.length - v.indexOf('.') - 1);
    return inRange(lat, 90) && inRange(lon, 180) && Math.max(...places) >= 3;
  },
};

/**
 * Where someone says they are (`I'm currently at 48.8566, 2.3522`, `we are parked at …`): the same
 * pair, after a person placing themselves rather than a key. `scaled at 0.5000, 0.2500` has no person.
 */
const personAt: KeyedRule = {
  ...pair,
  pattern: new RegExp(
    `(?:[Ii]'m|[Ii] am|[Ww]e're|[Ww]e are|[Ii] was|[Ww]e were)(?: (?:currently|now|right now|still))?(?: (?:located|standing|parked|staying))?` +
      // A full stop may end the sentence after it.
      ` (?:at|near) [\\[(]?(?<value>${PAIR_DEGREES}[ \\t]{0,3},[ \\t]{0,3}${PAIR_DEGREES})(?!\\d|\\.\\d)`,
    'y',
  ),
};

const latitude: KeyedRule = {
  kind: 'gps_coordinate',
  standalone: true,
  pattern: new RegExp(`(?:${anyCase('latitude')}|${anyCase('lat')})${SEP}(?<value>${DEGREE_VALUE})(?![\\d.])`, 'y'),
  accept: (value) => inRange(value, 90),
};

const longitude: KeyedRule = {
  kind: 'gps_coordinate',
  standalone: true,
  pattern: new RegExp(`(?:${anyCase('longitude')}|${anyCase('lng')}|${anyCase('lon')})${SEP}(?<value>${DEGREE_VALUE})(?![\\d.])`, 'y'),
  accept: (value) => inRange(value, 180),
};

/**
 * A username that looks like a person's handle: digits, `_`, `.` or `-` in it (`jsmith84`,
 * `john.doe`, `jane_doe`). Service accounts (`admin`, `postgres`), type names and code
 * (`this.username`, `${USER}`, `UsernamePasswordCredential`) are left.
 */
export function looksLikeHandle(value: string): boolean {
  if (!/[0-9_.-]/.test(value)) return false;
  // A constant or a variable named for the field (`opts.Username = AUTH_USER`, `username = url_username`, `NGX_USER`).
  if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(value) || /[_.-](?:user(?:name)?|login)$/i.test(value)) return false;
  // `Amir.Heidenreich`: a person's names joined by a dot, as directories write user names.
  const dotted = /^(\p{Lu}\p{Ll}+)\.(\p{Lu}\p{Ll}+)\d{0,4}$/u.exec(value);
  // `Oral.Ward`: any first name, unless the second part names a member (`Settings.Default`, `Config.Username`).
  if (dotted) return isGivenName(dotted[1]) || !CODE_MEMBER.test(dotted[2]);
  // Dotted values with capitals are code (`import_validatorPrimitives.tString`); handles are `john.doe`.
  if (value.includes('.') && /[A-Z]/.test(value)) return false;
  if (/^(?:this|self|user|req|request|ctx|config|process|props|data|form|args|options|params)\./i.test(value)) return false;
  // Member access in code (`r.url.username`, `c.ownerName`, `a.b`): a property naming the field, or a one-letter object.
  if (/\.[A-Za-z_$]*(?:name|user|login|id|handle)$/i.test(value) || /^[A-Za-z_$]\./.test(value)) return false;
  return !/^[A-Z][A-Za-z]*(?:\.[A-Za-z]+)+$/.test(value) && /[A-Za-z]/.test(value);
}

/** Capitalised members that follow a class or a settings object in code, not a person's surname. */
const CODE_MEMBER = /^(?:Default|Defaults|Value|Values|Name|Username|User|Login|Id|Current|Instance|Properties|Settings|Config|Empty|None|Null|Get|Set)$/;

/**
 * A handle in a profile URL's path (`/users/Merritt_Bogisich/profile`, `/u/Brandy11`): a digit in
 * it, or a person's names joined by `_` or `.`. Route names (`/users/sign_in`, `/users/me`,
 * `/users/:id`, `/users/v2`) and files (`/users/index.json`) are left.
 */
/** Hashes, files, versions, licences, encodings and platforms (`a3f5c9e`, `index.json`, `GPL-3.0`, `utf-8`, `arm64-v8a`). */
const NOT_A_HANDLE = /^[0-9a-f]+$|\.[A-Za-z]{1,4}$|\d\.\d|-v?\d|^(?:sha|md|aes|utf|iso|ascii|latin|crc|arm|x86|amd|win|cp|python|node|ipv|es|v)[-_]?\d/i;

const urlHandle: KeyedRule = {
  kind: 'username',
  standalone: true,
  pattern: /(?:users?|members?|profiles?|people|u)\/(?<value>[A-Za-z][A-Za-z0-9_.-]{1,38}[A-Za-z0-9])(?=[/?#"'\s)\]]|$)/y,
  accept: (value, text, start) => {
    // In a URL (`https://host/…/users/`) or a path of its own (` /users/`); `…K2/u/mAQi` in base64 is neither.
    // The path's start: walked back to a space, a quote or a bracket (at most 200 characters), then one anchored test.
    let from = start;
    while (from > 0 && start - from < 200 && !/[\s"'<>()=`]/.test(text[from - 1])) from--;
    if (!/^(?:[a-z][a-z0-9+.-]*:\/\/[^/]+(?:\/[^/]*)*?)?\/(?:users?|members?|profiles?|people|u)\/$/.test(text.slice(from, start))) return false;
    if (/^\p{Lu}\p{Ll}+[._]\p{Lu}\p{Ll}+\d{0,4}$/u.test(value)) return true;
    return /\d/.test(value) && /[a-z]/.test(value) && (value.match(/[A-Za-z]/g) ?? []).length >= 3 && !NOT_A_HANDLE.test(value) &&
      !/^(?:user|test|admin|root|guest|demo|example|foo|bar|page|id)[\d_.-]*$/i.test(value);
  },
};

/** `user name` in German, Dutch, Norwegian, Swedish, Finnish, Italian, French and Spanish. */
const USERNAME_WORDS_WORLD = [
  'benutzername', 'gebruikersnaam', 'brukernavn', 'användarnamn', 'käyttäjätunnus', 'nome utente', "nom d'utilisateur", 'nombre de usuario',
];
const USERNAME_WORLD = capitalisedOrNot(USERNAME_WORDS_WORLD);

const username: KeyedRule = {
  kind: 'username',
  standalone: true,
  // A separator is required (`:`, `=`, `is`, a space): `UsernamePasswordCredential` is one identifier.
  pattern: new RegExp(
    `(?:${anyCase('user')}(?:${J}${anyCase('name')})?|` +
      `${anyCase('login')}(?:${J}${anyCase('name')})?|${USERNAME_WORLD})["']?[ \\t]{0,3}(?:[:=]|[ \\t](?:is|was)[ \\t]|` +
      // A dot after the value only where it ends a sentence (`My username is emily_clark92.`), not a member (`user.name`).
      `[ \\t])[ \\t]{0,3}["']?(?<value>[A-Za-z0-9][A-Za-z0-9_.-]{2,38}[A-Za-z0-9])(?![\\w@(-])(?!\\.(?![ \\t\\r\\n]|$))`,
    'y',
  ),
  // What follows ends a value in data or prose (end of line, `,`, `}`, a quote, `and`), not an expression (`|| upn`, `?.user`).
  accept: (value, text, start) => {
    if (!looksLikeHandle(value)) return false;
    const after = text.slice(start + value.length, start + value.length + 40);
    // A login given with its password (`Login: mary.jones / Password: …`, `login k_okafor password …`) is an account's name.
    if (PASSWORD_AFTER.test(after) && /^[a-z][a-z0-9]*(?:[._-][a-z0-9]+)*$/.test(value) && !/user|login|account|name/.test(value)) return true;
    return (!BARE_USER_KEY.test(text.slice(Math.max(0, start - 24), start)) || handleUnderBareKey(value)) &&
      /^[ \t]*(?:$|[\r\n,;}\])"'#]|\.(?:\s|$)|(?:and|or|with|for|to|from)\b)/.test(after.slice(0, 12));
  },
};

/** A password named right after a user name: `, pw`, ` / Password:`, ` and your temporary password is`, ` (password: …)`. */
const PASSWORD_AFTER = /^[ \t]*(?:,|\/|\(|and|with)?[ \t]*(?:(?:your|the|my|a)[ \t]+)?(?:temporary[ \t]+|initial[ \t]+)?(?:password|passwd|pw|pass)\b/i;

/** A bare `user` or `login` key just before a value (`user: …`, `"login" = …`), not `user_name`. */
const BARE_USER_KEY = /(?:^|[^A-Za-z_])(?:[Uu]ser|USER|[Ll]ogin|LOGIN)["']?[ \t]{0,3}(?:[:=]|[ \t](?:is|was)[ \t]|[ \t])[ \t]{0,3}["']?$/;

/**
 * Under a bare `user` or `login` key, which code also uses for ids and modes, only a handle with
 * a digit (`jsmith84`) or a person's dotted names (`Amir.Heidenreich`) is taken: not `user_id`,
 * `select_account` or another name of a field.
 */
function handleUnderBareKey(value: string): boolean {
  if (/user|login|account|name|_id$|^id_/i.test(value)) return false;
  // `Amir.Heidenreich`, `Milford_Morar`: a person's names joined, the first a given name.
  const joined = /^(\p{Lu}\p{Ll}+)[._]\p{Lu}\p{Ll}+$/u.exec(value);
  return /\d/.test(value) || (joined !== null && (value.includes('.') || isGivenName(joined[1])));
}

const plate: KeyedRule = {
  kind: 'vehicle_plate',
  standalone: true,
  // The UK's current format (two letters, two digits, three letters), after the words naming a plate.
  pattern: new RegExp(
    `(?:(?:(?:${anyCase('license')}|${anyCase('licence')}|${anyCase('number')}|` +
      `${anyCase('registration')})${J})?${anyCase('plate')}|` +
      `${anyCase('registration')}(?:${J}(?:${anyCase('number')}|${anyCase('no')}\\.?))?|` +
      // `My car reg is AB51 ABC`, `reg no. AB51ABC`: the short word only after `car` or before `no`/`plate`.
      `${anyCase('car')} ${anyCase('reg')}|${anyCase('reg')}${J}(?:${anyCase('no')}\\.?|${anyCase('number')})|` +
      `${anyCase('vrm')})${SEP}(?<value>[A-Z]{2}\\d{2} ?[A-Z]{3})(?![\\w-])`,
    'y',
  ),
};

/**
 * A plate of any country after words that name nothing else (`License plate 34 ABC 1234`, `vehicle registration number is
 * DL3CJI0001`, `Kenteken: 12-ABC-3`, `Plaka 06 JK 567`): four to ten capitals and digits, both, in up to four groups.
 * The shape alone (a word, a version, an id) is everywhere in code, so only these words say it is a plate.
 */
const worldPlate: KeyedRule = {
  kind: 'vehicle_plate',
  standalone: true,
  pattern: new RegExp(
    `(?:(?:${anyCase('license')}|${anyCase('licence')}|${anyCase('number')}|${anyCase('registration')}|${anyCase('vehicle')})${J}` +
      `${anyCase('plate')}|${anyCase('vehicle')}${J}${anyCase('registration')}|${anyCase('plate')}|` +
      `${anyCase('kenteken')}|${anyCase('plaka')}(?: ${anyCase('numarası')})?|[Kk]fz-${anyCase('kennzeichen')}|` +
      `[Aa]mtliche[sn]? ${anyCase('kennzeichen')}|[Pp]laque d['’]${anyCase('immatriculation')})` +
      `(?:${J}(?:${anyCase('number')}|${anyCase('no')}\\.?))?${SEP}(?<value>[A-Z0-9]{1,10}(?:[ -][A-Z0-9]{1,4}){0,3})(?![\\w-])`,
    'y',
  ),
  accept: (value) => {
    const plain = value.replace(/[ -]/g, '');
    return plain.length >= 4 && plain.length <= 10 && /[A-Z]/.test(plain) && /\d/.test(plain);
  },
};

const solana: KeyedRule = {
  kind: 'crypto_wallet',
  standalone: true,
  // Base58 without a checksum: only where the text says it is a Solana address.
  pattern: new RegExp(
    /(?:[Ss]olana|SOLANA|SOL)(?:[ _-]?(?:[Ww]allet|[Aa]ddress|[Pp]ubkey|[Pp]ublic[ _-]?[Kk]ey|[Aa]ccount|WALLET|ADDRESS))*/.source +
      // Bounded blanks: two unbounded runs around an optional `:` were quadratic in a run of tabs after `SOL`.
      /[ \t]{0,8}[:=]?[ \t]{0,8}["']?(?<value>[1-9A-HJ-NP-Za-km-z]{32,44})(?![\w])/.source,
    'y',
  ),
  accept: (value) => /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value),
};

const bic: KeyedRule = {
  kind: 'bic',
  standalone: true,
  // A bank's BIC (SWIFT code): bank, country, location (its second character never `O`), and an optional branch.
  pattern: new RegExp(
    `(?:BIC|[Bb]ic|SWIFT|[Ss]wift)(?:${J}(?:${anyCase('code')}|${anyCase('number')}|${anyCase('no')}\\.?))?${SEP}` +
      '(?<value>[A-Z]{4}[A-Z]{2}[A-Z2-9][A-NP-Z0-9](?:[A-Z0-9]{3})?)(?![\\w-])',
    'y',
  ),
};

/** The keywords of these, for the one keyword scan of personal data (pii-personal.ts). */
export const moreKeywords: KeywordTable = [
  { words: ['imei', 'imeisv'], rule: imei },
  {
    words: ['coordinates', 'coordinate', 'coords', 'gps', 'location', 'position', 'geo', 'geolocation', 'lat lon', 'lat lng', 'standort'],
    rule: pair,
    // `lat_lng` is a pair's key: its source is longer than `lat`'s, so it is tried first.
    sources: ['coordinates', 'coordinate', 'coords', 'gps', 'location', 'position', 'geo(?:location)?', 'lat[ _-]?l(?:on|ng)', 'standort'],
  },
  { words: ["i'm", 'i am', "we're", 'we are', 'i was', 'we were'], rule: personAt, sources: ["i'm ", 'i am ', "we're ", 'we are ', 'i was ', 'we were '] },
  // `lat`/`lon` end where a word would go on (`translate`, `long`, `colon` fail inside the scan).
  { words: ['lat', 'latitude'], rule: latitude, sources: ['lat(?![a-z])', 'latitude'] },
  { words: ['lon', 'lng', 'longitude'], rule: longitude, sources: ['lon(?![a-z])', 'lng', 'longitude'] },
  // A bare `user` or `login` key takes a handle too (`user: jsmith84`); `user: admin` and `user: currentUser` stay (looksLikeHandle).
  { words: ['user name', 'login name', 'user', 'login', ...USERNAME_WORDS_WORLD], rule: username },
  { words: ['users/', 'user/', 'members/', 'member/', 'profiles/', 'profile/', 'people/', 'u/'], rule: urlHandle,
    sources: ['users?/', 'members?/', 'profiles?/', 'people/', 'u/'] },
  // `sol` ends where a word would go on (`console` fails inside the scan).
  { words: ['solana', 'sol'], rule: solana, sources: ['sol(?:ana)?(?![a-z])'] },
  // `plate` alone too (`with plate QU67IVL`): the value's own shape (UK: AB12 CDE) keeps a dinner plate out.
  {
    words: ['registration', 'vrm', 'plate', 'car reg', 'reg no', 'reg number'],
    rule: plate,
  },
  {
    // Not `registration number` alone: companies and students have one too.
    words: [
      'license plate', 'licence plate', 'number plate', 'registration plate', 'vehicle plate', 'vehicle registration', 'plate number', 'plate no',
      'kenteken', 'plaka', 'kfz-kennzeichen', 'amtliches kennzeichen', 'amtlichen kennzeichen', "plaque d'immatriculation", 'plaque d’immatriculation',
    ],
    rule: worldPlate,
  },
  { words: ['bic', 'swift'], rule: bic, sources: ['bic(?![a-z])', 'swift(?![a-z])'] },
];
