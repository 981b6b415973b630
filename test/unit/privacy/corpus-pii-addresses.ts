import { R, type Case, type Negative } from './corpus-helpers';

// Postal addresses named by a label, and the city and postal code that follow a street. Examples
// written for these tests (invented streets and towns); the look-alikes are addresses of hosts,
// mailboxes and memory, and form labels about an address.

export const piiAddressCases: Case[] = [
  ['a street under an address key, in a street layout no rule knows', 'address: "Strada Betta 1"', `address: "${R('street_address')}"`],
  ['a street under a street key, german abbreviation', '{"street": "Kieler Str. 15b", "zip": "24103"}',
    `{"street": "${R('street_address')}", "zip": "${R('postal_code')}"}`],
  ['a whole brazilian address after a prose label', 'Shipping address: 3056 Rua Macedo, Vila Nova - RN, 59000-154',
    `Shipping address: ${R('street_address')}`],
  ['address labels of other languages', 
    'Anschrift: Otto-Grimm-Str. 26a, 16875 Alt Nina\nAdresse : 7 impasse des Lilas, 69003 Lyon\nAdres: van der Laandijk 363 III',
    `Anschrift: ${R('street_address')}\nAdresse : ${R('street_address', 2)}\nAdres: ${R('street_address', 3)}`],
  ['an address line key and a sentence with is', 'address_line_1 = "ul. Lipowa 4/7"\nMy address is 64 Quarry Walk.',
    `address_line_1 = "${R('street_address')}"\nMy address is ${R('street_address', 2)}.`],
  ['city, state and zip+4 after a street', 'HQ: 1600 Amphitheatre Parkway, Mountain View, CA 94043-1351.', `HQ: ${R('street_address')}.`],
  ['city then postal code after a continental street', 'Send it to Feldsiefer Weg 93c, Neu Josystadt 98872 by Monday.',
    `Send it to ${R('street_address')} by Monday.`],
  ['a city with a lower-case last word before its code', 'invoice to Via Roma 10, Frasca laziale 95817.', `invoice to ${R('street_address')}.`],
  ['a uk postcode straight after the street and city', 'post to 10 Downing Street, London SW1A 2AA today', `post to ${R('street_address')} today`],
  ['japanese block numbers and the postal mark', '住所: 〒100-0001 千代田区1丁目2番3号\nI moved to 2丁目6番1号 last spring.',
    `住所: ${R('street_address')}\nI moved to ${R('street_address', 2)} last spring.`],
  ['a year after a street is no postal code', 'ship to 12 Main Street 2019 edition', `ship to ${R('street_address')} 2019 edition`],
  ['a japanese postal code alone', 'postal 〒530-0001', `postal ${R('postal_code')}`],
  ['streets named after a person, hyphenated, and german prepositions', 'I moved to Paul-Klee-Weg 3; she lives at Hitziger Str. 95a',
    `I moved to ${R('street_address')}; she lives at ${R('street_address', 2)}`],
  ['dutch streets with a surname particle and a floor', 'Deliver to van der Heijdendijk 885a or Frerikslaan 804 III before Friday.',
    `Deliver to ${R('street_address')} or ${R('street_address', 2)} before Friday.`],
  ['swedish streets, one word or a genitive before gata', 'Deliver to Östra Bäckgränden 143 or Leifs Gata 854 today',
    `Deliver to ${R('street_address')} or ${R('street_address', 2)} today`],
  ['spanish and italian street types, and a house without a number', 'Vivo en Barranco Clemente Caldera 3, antes en Gran Subida Susana s/n. y Strada Betta 12',
    `Vivo en ${R('street_address')}, antes en ${R('street_address', 2)} y ${R('street_address', 3)}`],
  ['polish street prefixes in lower case, with a flat number', 'Mieszkam przy szosa Wrońskiego 5/2, wcześniej ul. Lipowa 4',
    `Mieszkam przy ${R('street_address')}, wcześniej ${R('street_address', 2)}`],
  ['brazilian and french streets, number first', 'I moved to 716 Marginal Isabella, then 5106 Passage des Saussaies',
    `I moved to ${R('street_address')}, then ${R('street_address', 2)}`],
  ['a continental street, then its city and postal code', 'Please send the invoice to Incrocio Dina 195, Mara 86350.',
    `Please send the invoice to ${R('street_address')}.`],
];

export const piiAddressLookalikes: Negative[] = [
  ['addresses of hosts, mailboxes and wallets', 'ip_address: "localhost 8080"\nemail_address = "Team 5 <team>"\nwalletAddress: "Main 12"'],
  ['address form labels and placeholders', 'addressLine2: "Address line 2"\nstreet: "Enter your street 1"\naddress: "Optional Field 3"'],
  ['an address key in code', 'address = server.address()\naddress: string;\nconst addr = `${host}:${port}`;'],
  ['street types without a name and number after them', 'the Plaza 3 model, a Via 2 link, park 12 cars, Puerta del sol, Camino 7'],
  ['an address without a house number', 'address: "Main Street"\nstreet: Baker Street'],
];
