import { isPlaceholderValue } from '../checks';
import type { Finding } from '../detector';

// A PostgreSQL password file (`~/.pgpass`, `PGPASSFILE`) holds one `host:port:database:user:password`
// a line, `*` matching any field, `\:` and `\\` escaping inside a field. The file's name is rarely in
// what is scrubbed, so a line is read by its whole shape: exactly five fields, the port a number or `*`,
// the line (or a quoted string, `echo "…" >> ~/.pgpass`) holding nothing else. Clock times, `file:line:col:`
// compiler output (a space follows), /etc/passwd (seven fields) and IPv6 or MAC addresses (a letterless host,
// or more fields) do not have it. Candidates are found from the port (`:5432:`, `:*:`) with one pass of a
// regular expression that opens with a literal, and each is checked with bounded patterns, so it stays linear.

const PORT = /:(?:\d{1,5}|\*):/g;
/** A host name, an IPv4 address or `*`, walked back over from the port's colon. */
const HOST_CHAR = /[A-Za-z0-9.*_-]/;
const MAX_HOST = 253;
/** A field up to its colon: no space or quote; `\:` and `\\` are escapes (a backslash is never a field's character, so no overlap). */
const field = (max: number) => `(?:[^\\s:\\\\"']|\\\\.){1,${max}}`;
/** From the host: port, database, user, then the password up to the line's or string's end. */
const LINE = new RegExp(
  `(?<host>[A-Za-z0-9.*_-]{1,253}):(?:\\d{1,5}|\\*):(?<db>${field(63)}):(?<user>${field(63)}):(?<value>${field(128)})(?=[ \\t]*(?:\\r?\\n|$)|["'])`,
  'y',
);

const opensLine = (text: string, at: number) => {
  let i = at;
  while (i > 0 && (text[i - 1] === ' ' || text[i - 1] === '\t')) i--;
  return i === 0 || text[i - 1] === '\n';
};

/** A field that names something: `*`, or one with a letter in it (never only digits, dots or dashes). */
const names = (field: string) => field === '*' || /[A-Za-z]/.test(field);

/** The password of every `.pgpass` line in `text`. */
export function* findPgpassPasswords(text: string): Generator<Omit<Finding, 'priority'>> {
  PORT.lastIndex = 0;
  for (let m = PORT.exec(text); m !== null; m = PORT.exec(text)) {
    let start = m.index;
    while (start > 0 && m.index - start < MAX_HOST && HOST_CHAR.test(text[start - 1])) start--;
    if (start === m.index) continue;
    const quoted = text[start - 1] === '"' || text[start - 1] === "'";
    if (!quoted && !opensLine(text, start)) continue;
    LINE.lastIndex = start;
    const line = LINE.exec(text);
    if (!line?.groups) continue;
    PORT.lastIndex = start + line[0].length;
    const { host, db, user, value } = line.groups;
    const closing = text[start + line[0].length];
    if (quoted ? closing !== text[start - 1] : closing === '"' || closing === "'") continue;
    if (!names(host) && !/^\d{1,3}(?:\.\d{1,3}){3}$/.test(host)) continue;
    if (!names(db) || !names(user) || value === '*' || value.length < 3 || isPlaceholderValue(value)) continue;
    const valueStart = start + line[0].length - value.length;
    yield { kind: 'password', start: valueStart, end: valueStart + value.length };
  }
}
