import { R, type Case, type Negative } from './corpus-helpers';

// Passwords, PINs and names written in sentences, continental European street addresses, Monero
// and Solana addresses, IMEIs, coordinates, usernames and UK number plates named by their key; the
// look-alikes are validation messages, docs and code using the same words.

const MONERO = '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A';

export const piiProseCases: Case[] = [
  ['a password in a sentence', 'Your new password is 8fJ#kL2m!x and expires in 30 days.', `Your new password is ${R('password')} and expires in 30 days.`],
  ['a password then a comma', "My password is hunter2, don't tell anyone.", `My password is ${R('password')}, don't tell anyone.`],
  ['a passcode at the end of a sentence', 'The temporary passcode is Zq7#pL9w.', `The temporary passcode is ${R('password')}.`],
  [
    'a password right after the word',
    'Login with username jsmith84 and password Tr0ub4dor&3',
    `Login with username ${R('username')} and password ${R('password')}`,
  ],
  ['a password changed to', 'the password was changed to Sunshine2024! yesterday', `the password was changed to ${R('password')} yesterday`],
  ['a quoted password', 'Password: "correct-Horse7"', `Password: "${R('password')}"`],
  ['a password of digits', 'her passcode is 73920415', `her passcode is ${R('password')}`],
  ['a pin', 'Use the PIN 4821 to unlock the device.', `Use the PIN ${R('pin')} to unlock the device.`],
  ['a pin code', 'pin code: 902113', `pin code: ${R('pin')}`],
  ['a name introduced', 'Hello, my name is Jane Doe and I need help.', `Hello, my name is ${R('person_name')} and I need help.`],
  ['a german address', 'Adresse: Musterstraße 12, 10115 Berlin', `Adresse: ${R('street_address')}`],
  ['a german address, street as its own word', 'Berliner Straße 5a, D-10115 Berlin', R('street_address')],
  ['a swiss address', 'Bahnhofstrasse 1, 8001 Zürich', R('street_address')],
  ['a french address', 'envoyer au 12 rue de la Paix, 75002 Paris', `envoyer au ${R('street_address')}`],
  ['a spanish address', 'Dirección: Calle Mayor 12, 28013 Madrid', `Dirección: ${R('street_address')}`],
  ['an italian address', 'Via Roma 10, 00184 Roma', R('street_address')],
  ['a dutch address', 'Keizersgracht 123, 1015 CJ Amsterdam', R('street_address')],
  ['a monero address', `Send 0.5 XMR to ${MONERO}`, `Send 0.5 XMR to ${R('crypto_wallet')}`],
  ['a solana address named as one', 'SOL address: 7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', `SOL address: ${R('crypto_wallet')}`],
  ['an imei with dashes', 'IMEI: 35-209900-176148-1', `IMEI: ${R('imei')}`],
  ['an imei in json', '"imei": "490154203237518"', `"imei": "${R('imei')}"`],
  ['a coordinate pair after location', 'Location: 40.7128, -74.0060', `Location: ${R('gps_coordinate')}`],
  ['a coordinate pair in brackets', '"latLng": [48.8566, 2.3522]', `"latLng": [${R('gps_coordinate')}]`],
  ['latitude and longitude keys', '{ "lat": 37.7749, "lng": -122.4194 }', `{ "lat": ${R('gps_coordinate')}, "lng": ${R('gps_coordinate', 2)} }`],
  ['a username in yaml', 'username: jsmith84', `username: ${R('username')}`],
  ['a username in prose', 'Your username is johnny_b_good and your', `Your username is ${R('username')} and your`],
  ['a uk number plate', 'Registration AB12 CDE', `Registration ${R('vehicle_plate')}`],
];

export const piiProseLookalikes: Negative[] = [
  ['validation messages', 'Password is required.\npassword is too short\nThe password must be at least 8 characters.'],
  ['a password described, not given', 'The password is hashed with bcrypt; the password is SHA-256 hashed; password is ********'],
  ['password words in code', 'if (password is None): raise\nvalidate(password)\npassword = hash(raw)\nconst passwordField = form.password2;'],
  ['a password option name', 'Use the password reset-token-flow to recover.'],
  ['an sql keyword list', "'INPUT LEAKPROOF|10 COST ROWS NOWAIT SEARCH UNTIL ENCRYPTED|10 PASSWORD CONFLICT|10 '"],
  ['a package named after passwords', 'parse-passwd: "npm:^1.0.0"'],
  ['a gpio pin and a placeholder pin', 'set pin 13 high; PIN: 0000'],
  ['a name that is no name', 'My name is not important.'],
  ['numbers after a comma in code', 'foo(bar, 12345 Baz);\nconst x = [a, 1000 Hz];'],
  ['a city without a street', 'Offices: Berlin, 10115 Berlin and Paris, 75002 Paris'],
  ['a long number starting with 4', `id = 4${'1'.repeat(94)}`],
  ['sol without an address', 'SOL: 12.5 and solana address pending'],
  ['an imei failing its check digit', 'IMEI: 490154203237519'],
  ['positions that are no coordinates', 'position: absolute;\nconst center = [51.505, -0.09];\ntranslate(12.3456, 7.8912)\nlat: 91.5000'],
  [
    'username keys in code',
    'username: admin\nusername: this.username\nusername: string\nusername: preferred_username || upn\nconst username = result.groups?.user;',
  ],
  ['an identifier starting with username', 'export class UsernamePasswordCredential {}'],
  ['a registration that is no plate', 'registration: serviceWorker'],
];
