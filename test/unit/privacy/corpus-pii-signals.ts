import { R, type Case, type Negative } from './corpus-helpers';

// What tickets, e-mails and chat give away around a person: the name a message is signed with,
// the name an address beside it spells, addresses written against harvesters, numbers after the
// verb that rings them. The look-alikes are code and docs using the same words and signs:
// headings under `Thanks`, decorators and matrix products around `@`, a project named like its
// inbox, sizes written like phone numbers, versions, dates and hashes.

export const piiSignalCases: Case[] = [
  ['a one-word name under a closing with a comma', 'Let me know.\n\nThanks,\nOrla\n', `Let me know.\n\nThanks,\n${R('person_name')}\n`],
  ['a signature after blank lines, with dashes and an initial', 'Talk soon.\n\nAll the best,\n\n--Teodor V.\n\nAcme Support',
    `Talk soon.\n\nAll the best,\n\n--${R('person_name')}\n\nAcme Support`],
  ['a name after a closing and a dash on the same line', 'that fixed it. Thanks -Brannoch', `that fixed it. Thanks -${R('person_name')}`],
  ['a name of two unlisted words under a closing', 'Kindest regards,\n\nVarnel Oukrami\nCustomer Experience',
    `Kindest regards,\n\n${R('person_name')}\nCustomer Experience`],
  ['a listed given name thanked at the end of a line', 'works now\nthanks Joshua.\n', `works now\nthanks ${R('person_name')}.\n`],
  ['a name the address beside it spells', 'Contacts: Satya Nadella satya@contoso.example; nobody else',
    `Contacts: ${R('person_name')} ${R('email')}; nobody else`],
  ['a given name elsewhere on the line of its address', 'User Laura logged in from the kiosk, email laura@kiosk-mail.example',
    `User ${R('person_name')} logged in from the kiosk, email ${R('email')}`],
  ['a hyphenated given name and a surname', 'Marie-Claire Dubois submitted the report.', `${R('person_name')} submitted the report.`],
  ['a generation after a full name', 'The witness was Martin Luther King Jr. and no one else', `The witness was ${R('person_name')} and no one else`],
  // The address is redacted, never the word its local part repeats when that is a project or a role.
  ['a project named like its inbox keeps its name', 'Flask is maintained by the Pallets team, flask@palletsprojects.com',
    `Flask is maintained by the Pallets team, ${R('email')}`],
  ['a role beside its address keeps its word', 'Support answers at support@example.com', `Support answers at ${R('email')}`],
  ['a real @ with a bracketed dot', 'Email: oskar.lind@protonmail[DOT]com.', `Email: ${R('email')}.`],
  ['spelled dots in the local part too', 'write to oskar(dot)lind(at)gmail(dot)com', `write to ${R('email')}`],
  ['a local part of dot words', 'mail oskar dot lind at gmail dot com', `mail ${R('email')}`],
  ['upper-case AT and DOT', 'reach oskar_lind AT example DOT com', `reach ${R('email')}`],
  ['braces and angle brackets around at and dot', 'john {at} example {dot} com or john<at>example<dot>org',
    `${R('email')} or ${R('email', 2)}`],
  ['spaces around a real @', 'mail me at jane.okafor @ gmail.com today', `mail me at ${R('email')} today`],
  ['an html entity and a full-width sign for @', 'contact john&#64;example.com or jane＠example.com',
    `contact ${R('email')} or ${R('email', 2)}`],
  ['a number after call, text and dial', 'call 2125550143 or text me on 646-555-0142, dial 07700 900123',
    `call ${R('phone')} or text me on ${R('phone', 2)}, dial ${R('phone', 3)}`],
  ['a desk label', 'Desk: 212 555 0143', `Desk: ${R('phone')}`],
  ['a north american number with spaces', 'My US number is (425) 882 9090', `My US number is ${R('phone')}`],
  ['an ssn under its key with dots', 'my ssn: 287.65.4321.', `my ssn: ${R('us_ssn')}.`],
];

export const piiSignalLookalikes: Negative[] = [
  ['a heading under thanks, and a list under best', 'Thanks\n\nContributors\n\nBest\nPractices Guide\n'],
  ['a team and everyone thanked', 'Thanks,\nThe Babel Team\n\nThanks to Babel for the parser.\nCheers,\nEveryone'],
  ['a closing inside prose', 'Thanks for the review, it helps. Best regards to the React team for hooks.'],
  ['decorators and matrix products', '@app.route("/")\nresult = weights @ inputs.T\ny = x @ w.transpose()'],
  ['at and dot in brackets that are no address', 'see item (a) [at] the top; press [dot] to repeat'],
  ['counts and sizes after call', 'call 12345678 times; call(2125550143); sizes 800 600 1024 2048'],
  ['versions, dates and hashes', 'ssn version 1.22.3333, released 2024-03-15, commit 3f9a2c1b7e4d, build 212.555.01'],
  ['code identifiers near closings', 'const thanksJoshua = best.Regards(x)\nLove.Actually()\n'],
];
