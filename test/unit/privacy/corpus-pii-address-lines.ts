import { R, type Case, type Negative } from './corpus-helpers';

// Addresses written one part per line or per comma and found from their end (a UK postcode, or a continental postal
// code opening the town's line), a role spoken to with a courtesy title, and a login given with its password. Streets,
// towns and people invented for these tests; the look-alikes put a postcode or a town under lines that are no street.

export const addressLineCases: Case[] = [
  ['a flat, a street with no number and its word in lower case, a town, a postcode', 'Please send it to:\nFlat 12\nQuarrendon shores\n' +
    'Little Brackwood\nGL6 8EA\n\nThanks', `Please send it to:\n${R('street_address')}\n\n\n\n\nThanks`],
  ['a street word in lower case after a number, on one line', '88 Velmont parkway, Stanleyton, L2 3DB', R('street_address')],
  ['a studio, a street, a town, a postcode and the country', 'Studio 7D, Harrow cove, Smithbury, G88 4US, UK', R('street_address')],
  ['a town and a county between the street and the postcode', 'Deliver to 24 Brindle Close\nOtterby\nWest Yorkshire\nLS6 2JU',
    `Deliver to ${R('street_address')}\n\n\n`],
  ['a building before a street with no number', 'The Corn Exchange, Corn St, Bristol BS1 1JQ', R('street_address')],
  ['an address in capitals', 'SHEPPEY WAY, SITTINGBOURNE, ME9 8RZ', R('street_address')],
  ['a German street over its postal code and town', 'Bitte an:\nJana Weller\nMühlenplatz 108a\n80409 München\nDeutschland',
    `Bitte an:\n${R('person_name')}\n${R('street_address')}\n\nDeutschland`],
  ['a title before a noun of a role is no name; before a name it is', 'Herr Ober, zwei Bier bitte! Herr Doktor Brenner kommt gleich.',
    `Herr Ober, zwei Bier bitte! Herr ${R('person_name')} kommt gleich.`],
  ['a login and its password', 'Login: mary.jones / Password: Tr0ub4dor&3', `Login: ${R('username')} / Password: ${R('password')}`],
  ['logging in as a user, with the password after it', 'You can log in as k_okafor (password: Xk29!aQmz).',
    `You can log in as ${R('username')} (password: ${R('password')}).`],
  ['a login and a password in one line of prose', 'login tkowalski7 password hunter2Go!', `login ${R('username')} password ${R('password')}`],
  ['a postcode under lines that are no street stays a postcode alone', 'Step 3\nRun Tests\nM1 1AE', `Step 3\nRun Tests\n${R('postal_code')}`],
  ['a postcode under code', 'const rows = [\n  "Main Street",\n  "Leeds",\n];\nconsole.log(rows)\nB1 1AA',
    `const rows = [\n  "Main Street",\n  "Leeds",\n];\nconsole.log(rows)\n${R('postal_code')}`],
];

export const addressLineLookalikes: Negative[] = [
  ['a postal code and town under a line that is no street', 'version 12\nsrc/index.ts\n10115 Berlin\nHauptstraße\n10115 Berlin'],
  ['nouns of a role after a courtesy title', 'Herr Ober, die Rechnung bitte. Frau Wirtin, noch einen Kaffee. Herr Nachbar, guten Tag.'],
  ['a login word before a role account or a field', 'Login: admin / Password: see vault\nlogin user.name password field'],
];
