import type { Finding } from '../detector';

// Street addresses as continental Europe writes them, street first and the postal code before the
// city: `Musterstraße 12, 10115 Berlin`, `12 rue de la Paix, 75002 Paris`, `Calle Mayor 12, 28013
// Madrid`, `Via Roma 10, 00184 Roma`, `Keizersgracht 123, 1015 CJ Amsterdam`, `Rua Augusta 100,
// 1100-053 Lisboa`, `ul. Marszałkowska 84/92, 00-514 Warszawa`, `Drottninggatan 53, 111 21 Stockholm`. Found from their
// tail (`, postal code City`, rare in code) and then the street before it on the same line, so the
// text is passed over once, for the tail only.

/**
 * `, 10115 Berlin`, `, D-10115 Berlin`, `, 1015 CJ Amsterdam`, `, 8001 Zürich`, `, 00-514 Warszawa`,
 * `, 111 21 Stockholm`, `, 1100-053 Lisboa`.
 */
// Latin-1 letters, not \p{…}: a Unicode-mode regex runs over every comma of the text slower.
const TAIL = new RegExp(
  /,[ \t]?(?:(?:D|A|CH|F|I|E|NL|B|L|S|SE|DK|N|NO|FI|PL|P|PT)-)?(?:\d{4,5}(?:[ \t]?[A-Z]{2})?|\d{2}-\d{3}|\d{3} \d{2}|\d{4}-\d{3})/.source +
    // Up to five words: `Santa Coloma de Gramanet`, `Frankfurt am Main`.
    /[ \t][A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+(?:[ -][A-ZÀ-ÖØ-Þ]?[a-zß-öø-ÿ]+){0,4}(?: [A-ZØÆ](?=[ \t]*(?:[\r\n,.;)]|$)))?(?![\wÀ-ÖØ-öø-ÿ])/.source,
  'y',
);

const NUMBER = '\\d{1,4}(?: ?[a-zA-Z](?![\\p{L}]))?';
/** The street part that must end right before a tail, per way of writing it. */
const STREET = new RegExp(
  '(?:' +
    [
      // German, Austrian, Swiss: Musterstraße 12, Berliner Straße 5a, Hauptstr. 3
      `(?:\\p{Lu}[\\p{L}-]*(?:straße|strasse|str\\.|weg|allee|platz|gasse|ring|damm|ufer)|` +
        `\\p{Lu}\\p{Ll}+ (?:Straße|Strasse|Str\\.|Weg|Allee|Platz|Gasse|Ring|Damm|Ufer|Garten|Gärten|Markt|Hof|Berg|Feld|Pfad|Chaussee|` +
        `Promenade|Steig|Stieg|Anger|Kamp|Grund|Höhe|Wall|Graben|Park|Brücke|Siedlung)) ${NUMBER}`,
      // German streets named with a preposition, no street word: In der Birkenau 98c, Am Markt 5
      `(?:Am|Im|Zum|Zur|(?:An|In|Auf|Unter|Hinter|Vor) (?:der|den|dem)) \\p{Lu}\\p{L}+(?:[ -]\\p{Lu}\\p{L}+)? ${NUMBER}`,
      // Dutch: Keizersgracht 123, Stationsweg 4b
      `\\p{Lu}[\\p{L}-]*(?:straat|laan|weg|plein|gracht|kade|singel|dijk) ${NUMBER}`,
      // French: 12 rue de la Paix, 5 bis avenue Foch
      `\\d{1,4}(?: ?(?:bis|ter))?,? (?:[Rr]ue|[Aa]venue|[Bb]oulevard|[Bb]d|[Pp]lace|[Cc]hemin|[Aa]llée|[Ii]mpasse|[Qq]uai|[Rr]oute|` +
        `[Cc]ours|[Vv]oie|[Pp]assage|[Cc]ité|[Ss]entier|[Vv]illa|[Rr]ésidence|[Ss]quare|[Ee]splanade|[Pp]arvis) [^\\n,]{2,40}`,
      // Spanish, Catalan, Italian, Portuguese: Calle Mayor 12, 3º B; Via Roma 10/A; Rua Augusta 100
      `(?:Calle|C\\/|Avenida|Avda\\.|Av\\.|Plaza|Paseo|Carrer|Camino|Ronda|Senda|Travesía|Glorieta|Pasaje|Carretera|Vía|Via|Viale|` +
        `Piazza|Corso|Largo|Vicolo|Rua|Travessa|Praça|Alameda|Estrada) [^\\n,]{2,40},? ${NUMBER}(?:\\/[a-zA-Z0-9]{1,4})?(?:,? [^\\n,]{1,12})?`,
      // Swedish, Norwegian, Danish, Finnish: Drottninggatan 53, Karl Johans gate 22, Mannerheimintie 10
      `(?:\\p{Lu}[\\p{L}-]*(?:gatan|gata|gate|gaten|vägen|väg|veien|vegen|vei|vejen|vej|gade|gränd|torget|torv|plads|plass|` +
        `stræde|allé|allén|katu|tie|kuja|polku|tori)|(?:\\p{Lu}\\p{L}+ ){1,3}(?:gate|gata|vei|vej|gade|allé|plass|plads)) ${NUMBER}`,
      // Polish: ul. Marszałkowska 84/92, al. Jerozolimskie 65/79
      `(?:ul\\.|al\\.|os\\.|pl\\.|ulica|aleja) ?\\p{Lu}[^\\n,]{1,40} \\d{1,4}[a-zA-Z]?(?:\\/\\d{1,4}[a-zA-Z]?)?`,
    ].join('|') +
    ')$',
  'u',
);

/** Continental European street addresses, each from its street to its city. */
export function findWorldAddresses(text: string, out: Omit<Finding, 'priority'>[]): void {
  // Commas found by indexOf, the tail's pattern run only where digits follow one: code is full of
  // commas, and a regex scanning for them costs half as much again.
  for (let at = text.indexOf(','); at >= 0; at = text.indexOf(',', at + 1)) {
    const c = text.charCodeAt(at + 1) === 32 || text.charCodeAt(at + 1) === 9 ? text.charCodeAt(at + 2) : text.charCodeAt(at + 1);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90))) continue;
    TAIL.lastIndex = at;
    const m = TAIL.exec(text);
    if (!m) continue;
    // At most 100 characters back, and not past the line's start (searched in those 100 only:
    // a search back to the line's start would be quadratic on a long line full of tails).
    let from = Math.max(0, at - 100);
    const before = text.slice(from, at);
    const newline = before.lastIndexOf('\n');
    from += newline + 1;
    const street = STREET.exec(newline < 0 ? before : before.slice(newline + 1));
    if (street) out.push({ kind: 'street_address', start: from + street.index, end: at + m[0].length });
    at += m[0].length - 1;
  }
}

/**
 * The same streets without a postal code after them (`Feldsiefer Weg 93c`, `Hauptstraße 5`,
 * `Via Roma 10`), where the street word says enough on its own: German, Dutch and Nordic street
 * suffixes, and the Romance street words before a capitalised name. Generic endings that also end
 * other words (`-weg`, `-ring`, `-platz`) need their tail (findWorldAddresses).
 */
// Latin-1 classes and no `u` flag, as TAIL: this one runs over whole texts. Latin Extended-A too
// (ł, ś, ż, ő, č: Polish, Czech, Hungarian names), in both classes: the rule never needs their case.
const UP = 'A-ZÀ-ÖØ-Þ\u0100-\u017f';
const LOW = 'a-zß-öø-ÿ\u0100-\u017f';
const NAME = `[${UP}][${LOW}]+`;

/**
 * Street types of Spain, Catalonia, Italy, Portugal and Brazil written before the street's name
 * (`Strada Betta 1`, `Barranco Clemente Caldera 3`, `Rua Augusta, 100`). Only words that are not
 * also English ones (`Lado`, `Sector`, `Solar`, `Monte` are left out).
 */
const ROMANCE_TYPE =
  '(?:Calle|Avenida|Via|Viale|Piazza|Piazzale|Corso|Largo|Vicolo|Strada|Borgo|Contrada|Rotonda|Incrocio|Lungomare|Rua|Praça|' +
  'Travessa|Alameda|Rodovia|Estrada|Carretera|Camino|Paseo|Plaza|Ronda|Travesía|Glorieta|Pasaje|Rambla|Urbanización|Barrio|' +
  'Barranco|Bloque|Caserío|Caserio|Jardines|Partida|Puerta|Rampa|Terrenos|Muelle|Arrabal|Senda|Subida|Bajada|Cuesta|' +
  'Gran Subida|Polígono|Riera|Rincón|Torrente|Huerta|Masía|Vía|Carrer|Passeig|Avinguda)';

/** Polish street prefixes, lower case as they are written (`ul. Lipowa 4/7`, `szosa Wrońskiego 5`). */
const POLISH_TYPE = '(?:ul\\.|al\\.|os\\.|pl\\.|bulw\\.|wyb\\.|rondo|szosa|droga|rynek|skwer|wyspa|ogród|park|aleja|ulica|plac)';

/** Street words and names that end right before the house number, per way of writing them. */
const STREET_WORDS = [
  `[${UP}][${LOW}-]*(?:straße|strasse|str\\.|gasse|allee)`,
  // Named after a person, hyphenated: Bernhard-Ridder-Str. 5, Heinrich-von-Stephan-Str. 75a, Paul-Klee-Weg 3
  `(?:[${UP}][${LOW}]+-(?:(?:von|van|de|der|zu)-)?){1,3}(?:Str\\.|Straße|Strasse|Weg|Allee|Platz|Gasse|Ring)`,
  `${NAME} (?:Straße|Strasse|Str\\.|Weg|Allee|Gasse)`,
  // Dutch, with the particles of a surname before it: van der Horstlaan 5, Kramerdijk 982c, Martensplantsoen 979
  // and German or Dutch -weg and Dutch -park streets (Eichenweg 65c, Twanpark 4), which few other words end in.
  `(?:(?:van (?:der |de |den )?|de |den )(?=[${UP}]))?[${UP}][${LOW}-]*(?:straat|laan|gracht|plantsoen|dijk|kade|singel|weg|park)`,
  // Nordic, one word or a genitive before Väg/Gata: Ekgränden 58, Östra Bäckgärdet 2, Leifs Gata 854
  `(?:(?:Västra|Östra|Norra|Södra|Övre|Undre|Nedre|Stora|Lilla) )?[${UP}][${LOW}-]*` +
    '(?:gatan|vägen|veien|vej|gade|gränden|gärdet|allén|stigen|backen|torget)',
  `(?:${NAME} ){1,3}(?:Väg|Gata|Gränd|Allé)`,
  `${ROMANCE_TYPE} (?:(?:de|del|della|da|di|do|dos|das|la|las|los) )?${NAME}(?: ${NAME}){0,3},?`,
  `${POLISH_TYPE} ?${NAME}(?:[ -]${NAME}){0,2}`,
].join('|');

const STANDALONE = new RegExp(
  `(?<![${UP}${LOW}0-9])(?:${STREET_WORDS})` +
    // The number: 12, 65c, 4/7, 84/92; Dutch floors after it (804 III); s/n for a Spanish house without one.
    ` (?:\\d{1,4}(?: ?[a-zA-Z](?![${UP}${LOW}]))?(?:\\/\\d{1,4}[a-z]?)?(?: (?:I{1,3}|IV)(?![${UP}${LOW}]))?|s\\/n\\.?)` +
    `(?![${UP}${LOW}0-9/-]|\\.\\d)|` +
    // French, number first: 379 Impasse de la Ferronnerie, 31 Voie Pierre Charron, 5 bis rue du Bac. `Place` and
    // `Route` only before de/du/des: `2 Route Handlers` is English.
    `(?<![\\w.,-])\\d{1,4}(?: ?(?:bis|ter))?,? (?:(?:[Rr]ue|[Aa]venue|[Bb]oulevard|[Ii]mpasse|[Aa]llée|[Cc]hemin|[Qq]uai|[Vv]oie|Passage) ` +
    `(?:(?:de la|de l'|du|des|de|d')[ ']?)?|(?:Place|Route) (?:de la|de l'|du|des|de|d')[ ']?)[${UP}][${LOW}]+(?:[ -](?:de |du |des )?[${UP}][${LOW}]+){0,2}|` +
    // Brazilian streets as faker writes them, number first: 716 Marginal Isabella, 48905 Alameda Albuquerque
    `(?<![\\w.,-])\\d{1,5} (?:Rua|Avenida|Travessa|Alameda|Rodovia|Marginal|Estrada) ${NAME}(?: ${NAME}){0,2}`,
  'g',
);

/**
 * Where a street may end or start: a letter, `.` or `,` then a space and a house number (`straße 5`,
 * `Roma 10`, `Mayor s/n`), or a number then a word (`12 rue`, `716 Marginal`). Every street holds
 * one; in code they are a few thousand per 10 MB, so the street pattern runs only in windows
 * around them (over all of a text it cost twice as much as the rest of this file).
 */
const SPOT = new RegExp(`[${UP}${LOW}.,] (?:\\d|s\\/n)|\\d(?: ?(?:bis|ter))?,? [A-Za-z]`, 'g');

/** How far before its spot a street may start, and how far past the window's start a match is taken. */
const REACH = 100;
const STRIDE = 300;
const AFTER = 200;

/** Continental European streets with their number and nothing after them. */
export function findStandaloneStreets(text: string, out: Omit<Finding, 'priority'>[]): void {
  // The text before `scanned` has been searched: a window is never searched twice, so a text full of
  // spots costs one search of the pattern over it, as before, and a text with few costs a few windows.
  let scanned = 0;
  SPOT.lastIndex = 0;
  for (let spot = SPOT.exec(text); spot; spot = SPOT.exec(text)) {
    const from = Math.max(scanned, spot.index - REACH);
    // Matches are taken up to `limit` only; past it they might run out of the window, which is searched again from there.
    const limit = Math.min(text.length, from + STRIDE);
    const context = from > 0 ? 1 : 0;
    const window = text.slice(from - context, Math.min(text.length, limit + AFTER));
    STANDALONE.lastIndex = context;
    scanned = limit;
    for (let m = STANDALONE.exec(window); m; m = STANDALONE.exec(window)) {
      const start = from - context + m.index;
      if (start >= limit) break;
      const end = start + m[0].length;
      out.push({ kind: 'street_address', start, end });
      scanned = Math.max(scanned, end);
    }
    SPOT.lastIndex = Math.max(SPOT.lastIndex, scanned);
  }
}
