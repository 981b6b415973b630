import { R, type Case, type Negative } from './corpus-helpers';

// Addresses written one part per line or per comma and found from their end (a UK postcode, a continental postal code
// opening the town's line, a US town, state and ZIP), US addresses in capitals, a role spoken to with a courtesy title,
// and a login given with its password. Streets, towns and people invented for these tests; the look-alikes put a
// postcode or a town under lines that are no street, and capitals that are no address.

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
  ['a US address in capitals, with its flat, town, state and ZIP+4', 'Mail it to 9621 QUILLBROOK DRIVE APARTMENT 1C MIAMISBURG OH 45342-5548 today',
    `Mail it to ${R('street_address')} today`],
  ['a street in capitals with an ordinal, before its town', 'Office: 2701 W 18TH ST, Chicago, IL 60608', `Office: ${R('street_address')}`],
  ['a street with no street word before a town, a state and a ZIP', 'Visit 111 W Warrick, Chicago, IL 60602 or call.',
    `Visit ${R('street_address')} or call.`],
  ['the same with a suite, the town on the next line', 'Ship to:\n53 W. Halvern, Ste. 1222\nChicago, IL 60604', `Ship to:\n${R('street_address')}\n`],
  ['a town and a state with no ZIP where the address ends', '115 Quarry Street Sebastopol CA', R('street_address')],
  ['a number alone before a town is no street', 'Tests: 12, Springfield, IL 62701', `Tests: 12, ${R('city')}, ${R('postal_code')}`],
  ['a postcode under lines that are no street stays a postcode alone', 'Step 3\nRun Tests\nM1 1AE', `Step 3\nRun Tests\n${R('postal_code')}`],
  ['a postcode under code', 'const rows = [\n  "Main Street",\n  "Leeds",\n];\nconsole.log(rows)\nB1 1AA',
    `const rows = [\n  "Main Street",\n  "Leeds",\n];\nconsole.log(rows)\n${R('postal_code')}`],
];

export const addressLineLookalikes: Negative[] = [
  ['a postal code and town under a line that is no street', 'version 12\nsrc/index.ts\n10115 Berlin\nHauptstraße\n10115 Berlin'],
  ['nouns of a role after a courtesy title', 'Herr Ober, die Rechnung bitte. Frau Wirtin, noch einen Kaffee. Herr Nachbar, guten Tag.'],
  ['capitals that are no address: a car, a query, a status, a step', '4 WHEEL DRIVE\nSELECT 10 FROM USERS WHERE ID = 5\nHTTP 404 NOT FOUND\n' +
    'STEP 10 MAIN DR'],
  ['a login word before a role account or a field', 'Login: admin / Password: see vault\nlogin user.name password field'],
];
