import { isPlaceholderValue } from '../checks';
import { findByRules, type Detector, type PatternRule } from '../detector';

// A user name and its password written as a pair, with no `=` to make them an assignment: the
// lines of a note or a ticket (`login snoop pw biggreenhat`, `username root` / `password crickets`,
// `u: snoop` / `p: biggreenhat`), and a command's options (`docker login -u ci -p …`, `oc login`,
// `az login`, `sqlcmd -U sa -P …`, `mosquitto_pub -u … -P …`). Only the password is redacted.

/** Words a sentence puts where a pair has its user name or password: `username and password required`. */
const PROSE = new Set([
  'and', 'or', 'with', 'plus', 'the', 'a', 'an', 'is', 'are', 'of', 'for', 'to', 'field', 'fields', 'required', 'optional', 'reset',
  'change', 'changed', 'forgot', 'forgotten', 'incorrect', 'invalid', 'wrong', 'missing', 'empty', 'login', 'page', 'form', 'prompt',
]);

/** The user name of a pair found at `start`: the word after its key on this line or the one before. */
function pairUser(text: string, start: number): string {
  const head = text.slice(Math.max(0, start - 200), start);
  return /(?:user(?:[ _-]?name)?|login|u)(?:[ \t]*:[ \t]*|[ \t]+)(\S{1,64})(?:[ \t]*,)?\s+\S+(?:[ \t]*:[ \t]*|[ \t]+)$/i.exec(head)?.[1] ?? '';
}

const wordOfProse = (word: string) => PROSE.has(word.toLowerCase().replace(/[.,:;!?]$/, ''));

/** Ports and port mappings after `-p` (`docker run -u app -p 8080:80`), not passwords. */
const PORT = /\d{1,5}(?:-\d{1,5})?/.source;
const PORTS = new RegExp(`^(?:[\\d.]{1,39}:)?(?:${PORT}:)?${PORT}(?:/(?:tcp|udp))?$`);

const rules: PatternRule[] = [
  {
    // The pair alone on its line, or on two lines: `login snoop pw biggreenhat`, `UserName snoop PassWord biggreenhat`.
    kind: 'password',
    hint: ['ser', 'ogin', 'u:', 'U:'],
    pattern: new RegExp(
      /^[ \t]*(?:user(?:[ _-]?name)?|login|u(?=[ \t]*:))(?:[ \t]*:[ \t]*|[ \t]+)[^\s:=]{1,64}(?:[ \t]*,)?(?:[ \t]+|[ \t]*\r?\n[ \t]*)/.source +
        /(?:pass(?:word)?|passwd|pwd|pw|p(?=[ \t]*:))(?:[ \t]*:[ \t]*|[ \t]+)(?<value>\S{3,128}?)[ \t]*(?=\r?$)/.source,
      'dgim',
    ),
    accept: (value, text, start) => {
      const user = pairUser(text, start);
      // A password that repeats the user name (`login admin pw admin`) is a documented default, not a secret.
      // A value closed by `,` or `;` is a field of an object literal in code (`Password: b64Pwd,`).
      if (/[,;]$/.test(value)) return false;
      return !isPlaceholderValue(value) && !wordOfProse(value) && !wordOfProse(user) && value !== user;
    },
  },
  {
    // A command's user and password options, next to each other: `-u USER -p PASSWORD`, `-U sa -P …`.
    kind: 'password',
    hint: ['-u ', '-U '],
    pattern: /(?<![\w-])-[uU](?:[ \t]{1,5}|=)["']?[^\s"'-][^\s"']{0,100}["']?[ \t]{1,5}-[pP](?:[ \t]{1,5}|=)["']?(?<value>[^\s"'`$<%-][^\s"'`]{2,200})/dg,
    accept: (value, text, start) => {
      if (isPlaceholderValue(value) || PORTS.test(value)) return false;
      const user = /-[uU](?:[ \t]{1,5}|=)["']?([^\s"']+)["']?[ \t]{1,5}-[pP](?:[ \t]{1,5}|=)["']?$/.exec(text.slice(Math.max(0, start - 220), start))?.[1];
      if (user === value) return false; // `oc login -u developer -p developer`: a documented default
      // mysql's `-p` with a space prompts for the password and takes the next word as the database.
      const line = text.slice(text.lastIndexOf('\n', start) + 1, start);
      return !/\b(?:mysql\w*|mariadb\w*|psql|pg_\w+)\b/.test(line);
    },
  },
];

/**
 * Passwords paired with a user name in notes and on command lines. Ranked with the assignments, under
 * a Kubernetes Secret's values: a pair inside a Secret's block scalar stays part of its one placeholder.
 */
export const credentialPairDetector: Detector = {
  name: 'credential-pairs',
  kinds: ['password'],
  priority: 70,
  find: (text) => findByRules(rules, text),
};
