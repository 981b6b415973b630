import { R, type Case, type Negative } from './corpus-helpers';

// People and places that a sentence names by what it does with them (a ticket assigned to someone,
// a trip to a town), with made-up names; the look-alikes are code and docs using the same verbs.

export const piiContextCases: Case[] = [
  ['a ticket assigned to a person with particles', 'The ticket was assigned to Marisol de la Vega.', `The ticket was assigned to ${R('person_name')}.`],
  ['a letter signed by someone', 'The lease was signed by Odalys Brekkeveen yesterday.', `The lease was signed by ${R('person_name')} yesterday.`],
  ['a bug reported by someone', 'Crash reported by Tamsin Okonkwo-Reyes, see above', `Crash reported by ${R('person_name')}, see above`],
  ['a follow-up with a person', 'Please follow up with Ysolde Varkonyi in a week', `Please follow up with ${R('person_name')} in a week`],
  ["I'm and a listed given name", "I'm Naomi Quellbrunn, originally from Dorvelle.", `I'm ${R('person_name')}, originally from ${R('city')}.`],
  ['call me and one unlisted name', 'Call me Zephyrine.', `Call me ${R('person_name')}.`],
  ['my name is, in German', 'Guten Tag, mein Name ist Anna Schmidt.', `Guten Tag, mein Name ist ${R('person_name')}.`],
  ['my name is, in Turkish', 'Benim adım Ahmet Yılmaz', `Benim adım ${R('person_name')}`],
  ['my name is, in Spanish, one word', 'Hola, me llamo Inés.', `Hola, me llamo ${R('person_name')}.`],
  ['my name is, in French, the title kept', "Je m'appelle Dr. Camille Roux", `Je m'appelle Dr. ${R('person_name')}`],
  ['a title between the verb and the name, the title kept', 'They call me Mr. Quellhaven', `They call me Mr. ${R('person_name')}`],
  ['a full name of unlisted words owning what only a person has', "noted that Vinod Reddy's phone number was shared; Rajiv Kumar's contact details",
    `noted that ${R('person_name')}'s phone number was shared; ${R('person_name', 2)}'s contact details`],
  ['a given name owning personal data', "Kate's social security number is 078-05-1126. Send it to Dan Quellhaven's email",
    `${R('person_name')}'s social security number is ${R('us_ssn')}. Send it to ${R('person_name', 2)}'s email`],
  ['a title after name is, and after my name is', 'His name is Dr. Ysolde Varkonyi. My name is Ms. Brekke.',
    `His name is Dr. ${R('person_name')}. My name is Ms. ${R('person_name', 2)}.`],
  ['a name before lives at', 'Orsolya Tremblath lives at 12 Quillon Street', `${R('person_name')} lives at ${R('street_address')}`],
  ['a given name before had given', 'Kevin had given Brunhilde Ostrava the keys', `${R('person_name')} had given ${R('person_name', 2)} the keys`],
  ['a title then a surname with particles', 'Dear Ms. Van der Plasse, thank you', `Dear Ms. ${R('person_name')}, thank you`],
  ['a flight to a town in capitals', 'Mr. Quarrington flew to VELLMARSK on Tuesday morning.',
    `Mr. ${R('person_name')} flew to ${R('city')} on Tuesday morning.`],
  ['a town someone came from', 'We moved here from Little Osterby last spring', `We moved here from ${R('city')} last spring`],
  ["a town I'm in", "I'm in Gravenholt, at the conference", `I'm in ${R('city')}, at the conference`],
  ['a trip to a town', 'I will be travelling to Santa Orvieta next week', `I will be travelling to ${R('city')} next week`],
  ['a town someone arrived at, and a home town', 'The Duchess arrived at Wrenhallow this morning. Her home town Tarnby, she says, is small.',
    `The Duchess arrived at ${R('city')} this morning. Her home town ${R('city', 2)}, she says, is small.`],
  ['who said a quoted line', '"We all liked the idea," says Vendelin Ostrak.', `"We all liked the idea," says ${R('person_name')}.`],
  ["a partner's name", "My partner's name is Ilvy Tarrano.", `My partner's name is ${R('person_name')}.`],
  ['the answer to a name asked', "What's your last name? Quarnstedt\nBot: thanks", `What's your last name? ${R('person_name')}\nBot: thanks`],
  ['a child named after my kid', 'Please remove my kid Eskil from the policy.', `Please remove my kid ${R('person_name')} from the policy.`],
  ["I'm, two unlisted names, a comma", "I'm Wenceslava K. Trnková, from Ostrevia.", `I'm ${R('person_name')}, from Ostrevia.`],
  ['a name label aligned with spaces', 'Name:    Ilvana D. Proskov\nPhone: none', `Name:    ${R('person_name')}\nPhone: none`],
  [
    'an address block, one part per line, under a form',
    'Billing address:\n28245 Lindqvistgatan 82 Apt. 595\n  LAPPENHOLM\n  Ostland 53650\nThanks',
    // The lines are kept after the placeholder: citations still point at the right lines.
    `Billing address:\n${R('street_address')}\n\n\nThanks`,
  ],
  [
    'an address block quoted in a message',
    '> Brisa Keltano\n> 3369 24 Quellon Avenue\n> Suite 805\n> Pines Hollowford\n> Zealandia 34694',
    `> ${R('person_name')}\n> ${R('street_address')}\n\n\n`,
  ],
];

export const piiContextLookalikes: Negative[] = [
  ['a name introduced in another language, but a word of code or none', 'mein Name ist Config\nme llamo de nuevo\nik heet u welkom'],
  ['software and code owning an address or a password', "Python's address space, Redis's password, obj.Kate's phone and the Config's address field"],
  ['products and companies of two words owning a feature, or an address', "Google Cloud's email service; Zapier Flow's email integration; " +
    "The Company's phone number; Acme Corp's phone number; Front Door's address"],
  ['a task assigned to a member', 'The handler is assigned to Foo.bar and Config(x) is signed by Key.sign()'],
  ['a team or a bot reporting', 'Reported by GitHub Actions. Assigned to Support Team, signed by Dependabot'],
  ["I'm and no name", "I'm Sure it works. I am Using Windows. I'm in Insert mode"],
  ['a config living in a folder', 'The Config lives in src/config and Babel Core lives in packages/core'],
  ['code travelling and returning', 'the request flew to the server; control returned to Router. Moving to React was easy'],
  ['a call in code', 'Call me back later; the function was called twice'],
  ['code based in part on a library, a request arriving', 'This parser is based in part on Lodash; the request arrived at the server'],
  ['optional names in code and a value said in docs', 'name?: string;\nconst n = name? a : b;\nThe log said Config.load() failed, says Node.'],
  ['a name label over a thing', 'Name: Build Step\nName: Error Handler\nName: Hello World'],
  ['a town in capitals is no residence', 'I grew up in SIGTERM and moved away at 18.'],
];
