import { fake, R, type Case, type Negative } from './corpus-helpers';

// Keys stored under a provider's name alone (no secret word in the key), and Dropbox's long-lived
// tokens. Values are generated (corpus-helpers' `fake`), never copied from a scanner's data.

const hex37 = fake(37, 'hex', 11);
const mixed40 = fake(40, 'alnum', 12);
const lower64 = fake(64, 'lower', 13);
const dropboxHead = fake(11, 'alnum', 14);
const dropboxTail = fake(43, 'alnum', 15);
const dropbox = `${dropboxHead}AAAAAAAAAA${dropboxTail}`;
const dropboxAnyCase = `${dropboxHead}aAaAAaaAAa${dropboxTail}`;

export const vendorKeyCases: Case[] = [
  ['cloudflare key under the bare name (YAML)', `cloudflare: "${hex37}"`, `cloudflare: "${R('api_key')}"`],
  ['stripe key under the bare name (.env, capitals)', `STRIPE="${mixed40}"`, `STRIPE="${R('api_key')}"`],
  ['sourcegraph token unquoted', `sourcegraph: ${mixed40}`, `sourcegraph: ${R('api_key')}`],
  ['artifactory token as a pair in a list', `("artifactory", "${lower64}")`, `("artifactory", "${R('api_key')}")`],
  ['a provider before the dot of a key', `sumologic.accessId = "${fake(14, 'alnum', 16)}"`, `sumologic.accessId = "${R('api_key')}"`],
  ['dropbox long-lived token', `DROPBOX_ACCESS=${dropbox}`, `DROPBOX_ACCESS=${R('dropbox_token')}`],
  ['dropbox long-lived token, the A run longer than ten', `${dropboxHead.slice(0, 10)}AAAAAAAAAAA${dropboxTail}`, R('dropbox_token')],
  ['dropbox token with its As in any case, Dropbox named', `dropbox token=${dropboxAnyCase}`, `dropbox token=${R('dropbox_token')}`],
];

export const vendorKeyLookalikes: Negative[] = [
  ['a package version under a provider name', '"stripe": "^12.4.0"'],
  ['a repository under a provider name', 'github: "babel/babel-preset-env"'],
  ['a client built under a provider name', 'const stripe = Stripe(process.env.STRIPE_SECRET)'],
  ['words under a provider name', 'sentry: "production-environment-default"'],
  ['a counting placeholder under a provider name', 'meraki: abdefghjk0123456789mnopqrstuvwx12345678'],
  ['a provider name inside a longer key', `stripeCustomerIdPrefix: "${fake(8, 'lower', 17)}"`],
  ['dropbox shape with its As in any case, Dropbox not named', `token ${dropboxAnyCase}`],
];
