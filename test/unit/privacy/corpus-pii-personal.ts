import { R, type Case, type Negative } from './corpus-helpers';

// Personal data that only its key or title gives away: dates of birth, passport and driving-licence
// numbers, names under name keys or after a title, and street addresses. The look-alikes are the
// same words in code: type declarations, libraries called passport, dates that are not births.

export const piiPersonalCases: Case[] = [
  ['date of birth, iso', 'date of birth: 1985-03-14', `date of birth: ${R('date_of_birth')}`],
  ['date of birth, json camel case', '"dateOfBirth": "03/14/1985",', `"dateOfBirth": "${R('date_of_birth')}",`],
  ['dob, european dots', 'patient DOB 14.03.1985', `patient DOB ${R('date_of_birth')}`],
  ['born on, month written out', 'born on March 14, 1985 in Ohio', `born on ${R('date_of_birth')} in Ohio`],
  ['birth_date, day first', 'birth_date: 14 March 1985', `birth_date: ${R('date_of_birth')}`],
  ['dob in a python dict', "{'dob': '1990-12-01'}", `{'dob': '${R('date_of_birth')}'}`],
  ['passport number after a word that is not one', 'passport = passport number: 533380006', `passport = passport number: ${R('passport_number')}`],
  ['passport no in json', '"passportNo": "C01X00T47"', `"passportNo": "${R('passport_number')}"`],
  ['passport #', 'Passport # 912803456', `Passport # ${R('passport_number')}`],
  ["driver's license no.", "driver's license no. D1234-5678-9012", `driver's license no. ${R('drivers_license')}`],
  ['drivers_license key', 'drivers_license: "S530-4123-8765"', `drivers_license: "${R('drivers_license')}"`],
  ['driving licence number (uk)', 'Driving licence number MORGA753116SM9IJ', `Driving licence number ${R('drivers_license')}`],
  ['first name in yaml', 'first_name: "John"', `first_name: "${R('person_name')}"`],
  ['last name with an apostrophe', '"lastName": "O\'Brien",', `"lastName": "${R('person_name')}",`],
  ['full name with a hyphen, quote kept', "full_name = 'Jean-Luc Picard'", `full_name = '${R('person_name')}'`],
  ['cardholder with accents', 'cardholder: Maria Núñez', `cardholder: ${R('person_name')}`],
  ['name after a title', 'Dear Mr. Smith, thanks.', `Dear Mr. ${R('person_name')}, thanks.`],
  ['two names after a title', 'Ms Jane Doe replied.', `Ms ${R('person_name')} replied.`],
  ['street address with city, state and zip', 'addr = 742 Evergreen Terrace, Springfield, OR 97403', `addr = ${R('street_address')}`],
  ['street address with a direction', 'ship to 1600 Pennsylvania Avenue NW, Washington, DC 20500', `ship to ${R('street_address')}`],
  ['street address with a suite', 'office: 350 Fifth Ave, Suite 5300, New York, NY 10118', `office: ${R('street_address')}`],
  ['numbered street', 'meet at 221 W 42nd St tonight', `meet at ${R('street_address')} tonight`],
];

export const piiPersonalLookalikes: Negative[] = [
  ['a name key declared with its type (kotlin)', 'var firstName: String'],
  ['a name column in an orm', 'first_name = Column(String(50))'],
  ['a name field in typescript', 'lastName: string;'],
  ['the passport library', 'passport.use(new LocalStrategy(verify));\napp.use(passport.session());'],
  ['a variable called born', 'const born = new Date();'],
  ['dates that are not births', '"version": "1.2.3", "date": "2024-01-15", "updatedAt": "2024-01-15"'],
  ['a step in a list', 'Step 3 Click Save'],
  ['a section reference', 'see RFC 2616 Section 14'],
  ['a name key in a schema', '"firstName": { "type": "string" }'],
  ['a title in code without a name after it', 'if (user.title === "Mr") greet();'],
  ['a name on the next line is not the key\'s', 'first_name:\n  type: string'],
  ['a birthday that is not a date', 'birthday: null'],
  ['a street word in prose', 'the 3 Way merge takes a while'],
  ['a copyright line whose author is named Court', ' * Copyright 2011 Gary Court. All rights reserved.'],
];
