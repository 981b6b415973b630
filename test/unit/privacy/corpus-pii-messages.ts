import { R, type Case, type Negative } from './corpus-helpers';

// People in pasted conversations: a chat transcript's speakers (Slack, Teams, WhatsApp, a support
// tool) and their names in the messages, and a person spoken to at a sentence's end; the look-alikes
// are logs of the same shape and lists or code with a comma before a name.

export const piiMessageCases: Case[] = [
  [
    'a slack transcript: speakers, one with a surname, and a name in a message',
    '[10:15 AM] Ingrid Solberg: the deploy is done\n[10:16 AM] Tobias: thanks, Ingrid!',
    `[10:15 AM] ${R('person_name')}: the deploy is done\n[10:16 AM] ${R('person_name', 2)}: thanks, ${R('person_name', 3)}!`,
  ],
  [
    'a whatsapp export',
    '12/03/2023, 21:04 - Marta Kowalska: are you home?\n12/03/2023, 21:05 - Bartek Nowicki: yes',
    `12/03/2023, 21:04 - ${R('person_name')}: are you home?\n12/03/2023, 21:05 - ${R('person_name', 2)}: yes`,
  ],
  [
    'speakers with their role, in brackets or after a comma',
    '[09:17 AM] Carol Whitfield (Designer): Hi everyone!\n[09:18 AM] Dominik Haas, Operations Manager: Morning',
    `[09:17 AM] ${R('person_name')} (Designer): Hi everyone!\n[09:18 AM] ${R('person_name', 2)}, Operations Manager: Morning`,
  ],
  [
    'a speaker whose name is also a word, beside one with a listed given name, and the support agent kept',
    '[2:30 PM] Rachel: Hey Mark, are we still on?\n[2:31 PM] Mark: Yes!\n[2:32 PM] Support: Noted.',
    `[2:30 PM] ${R('person_name')}: Hey ${R('person_name', 2)}, are we still on?\n[2:31 PM] ${R('person_name', 2)}: Yes!\n[2:32 PM] Support: Noted.`,
  ],
  [
    'a person spoken to at the end of a sentence',
    "You're welcome, Jessica! Thanks for the update, Alice. Congrats, Priya!",
    `You're welcome, ${R('person_name')}! Thanks for the update, ${R('person_name', 2)}. Congrats, ${R('person_name', 3)}!`,
  ],
  [
    'a username told at the end of a sentence',
    'Customer: My username is emily_clark92.\nSupport: Thanks!',
    `Customer: My username is ${R('username')}.\nSupport: Thanks!`,
  ],
  [
    "a US state's code after the town, no ZIP",
    "Yes, it's 123 Elm Street, Springfield, IL. He lives at 789 Pine Road, Metropolis, NY, and works nearby.",
    `Yes, it's ${R('street_address')}. He lives at ${R('street_address', 2)}, and works nearby.`,
  ],
  [
    'a word in capitals after a street without a town is no state',
    'The shop at 5 Elm St, IN the old town, sells bread.',
    `The shop at ${R('street_address')}, IN the old town, sells bread.`,
  ],
  [
    "a forum's or a feed's author",
    'Comment by Emily Carstairs: "Nice!"\nPosted by Dana Whitlock on 3/4/2024',
    `Comment by ${R('person_name')}: "Nice!"\nPosted by ${R('person_name', 2)} on 3/4/2024`,
  ],
  ['a good morning greeting', 'Good morning David! Your order shipped.', `Good morning ${R('person_name')}! Your order shipped.`],
];

export const piiMessageLookalikes: Negative[] = [
  ['log lines of the transcript shape, no person speaking', '[10:15:22] Server: started\n[10:15:23] Build Finished: ok\n[10:15:24] Mark: x'],
  ['a log level after a time', '[12:00:01 PM] Info: ready\n[12:00:02 PM] Warning: slow'],
  ['a list of languages and code with a comma before a given name', 'Supported: Python, Ruby, Julia. Call f(a, Julia). In Python, Julia.'],
  ['a user name as a member, a service account in prose', 'user.name = x. The user is admin. Set user.login.'],
  ['a post shared by a bot or a company', 'Shared by GitHub Actions. Posted by Acme Labs on the blog.'],
  ['a greeting of the world and of no one', 'Hello, World! Good morning everyone! Thanks, Team.'],
];
