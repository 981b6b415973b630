import type { KeyedRule, KeywordTable } from '../keyed-scan';
import { looksLikeHandle } from './pii-keyed-more';

// A person's name on a messenger or a social network, named by the network (`skype: dean.m84`,
// `I'm on Skype (dean.m84)`, `My Twitter is @ana_pereira`, `tweet at @ana_pereira`): it finds the
// person as a user name does. Code names these networks too (share buttons, config of a site's
// links), so a Skype name must look like a handle (a digit, `_`, `.` or `-` in it), and a
// Twitter, Instagram or TikTok one must carry its `@`, a Discord one its `#1234`.

const skype: KeyedRule = {
  kind: 'username',
  standalone: true,
  pattern: new RegExp(
    `[Ss](?:kype|KYPE)(?:[ _-]?(?:[Ii][Dd]|[Nn]ame))?["']?[ \\t]{0,3}(?:[:=]|[ \\t](?:is|was)[ \\t]|[ \\t]?\\()[ \\t]{0,3}["']?` +
      '(?<value>(?:live:)?[A-Za-z][A-Za-z0-9_.-]{4,31})(?![\\w@-]|\\.\\w)',
    'y',
  ),
  accept: (value) => looksLikeHandle(value.replace(/^live:/, '')),
};

/** The networks whose handles start with `@`, and the verbs that address one. */
const AT_NETWORKS = '[Tt]witter|[Ii]nstagram|[Tt]ik[Tt]ok|[Tt]weeter|[Tt]weet(?:s|ed)? at|[Tt]elegram|[Tt]hreads';

const atHandle: KeyedRule = {
  kind: 'username',
  standalone: true,
  pattern: new RegExp(
    `(?:${AT_NETWORKS})(?:[ _-]?(?:[Hh]andle|[Aa]ccount|[Ii][Dd]|[Nn]ame))?["']?[ \\t]{0,3}(?:[:=]|[ \\t](?:is|was)[ \\t]|[ \\t]?\\(|[ \\t])` +
      `[ \\t]{0,3}["']?(?<value>@[A-Za-z0-9_]{2,30})(?![\\w@.-]|\\.\\w)`,
    'y',
  ),
};

/**
 * A Discord name of the tagged form (`jane#1234`: a name and a four-digit discriminator, which
 * Discord issued until 2023 and which profiles, bots and tickets still print) after `Discord`.
 */
const discordTag: KeyedRule = {
  kind: 'username',
  standalone: true,
  pattern: new RegExp(
    `[Dd](?:iscord|ISCORD)(?:[ _-]?(?:[Hh]andle|[Tt]ag|[Uu]ser(?:name)?|[Ii][Dd]|[Nn]ame))?["']?[ \\t]{0,3}` +
      `(?:[:=]|[ \\t](?:is|was|ist)[ \\t]|[ \\t]?\\(|[ \\t])` +
      `[ \\t]{0,3}["']?(?<value>[A-Za-z0-9_.]{2,32}#(?!0000)\\d{4})(?![\\w#-])`,
    'y',
  ),
};

/** The keywords of these, for the one keyword scan of personal data (pii-personal.ts). */
export const handleKeywords: KeywordTable = [
  { words: ['skype', 'skype id', 'skype name'], rule: skype },
  { words: ['twitter', 'instagram', 'tiktok', 'tweeter', 'tweet at', 'tweets at', 'tweeted at', 'telegram', 'threads'], rule: atHandle },
  { words: ['discord'], rule: discordTag },
];
