import type { Finding } from '../detector';
import { escapeRegExp } from '../../text/escape-regexp';
import { isCodeWord } from './code-words';
import { isGivenName } from './given-names';
import { readsAsName } from './pii-prose-people';

// The speakers of a chat transcript pasted from Slack, Teams, WhatsApp or a support tool: a time
// in brackets (or WhatsApp's `date, time - `) at the start of a line, then who spoke and a colon
// (`[10:15 AM] Sarah: …`, `[09:17 AM] Carol Green (Designer): …`, `12/03/2023, 10:15 - Tom Berg: …`).
// A log line has the same shape (`[10:15:22] Server: started`), so a transcript counts only when
// one of its speakers is a person beyond doubt: a listed given name opening the speaker's name.
// Then its other speakers (`Mark`, `Jess`, `Mark Taylor`) are people too, and their names are
// looked for again in the messages (`Of course, Sarah!`, `Hey Jess,`).

const TIME = '\\d{1,2}:\\d{2}(?::\\d{2})?(?:[ \\u202f]?[AaPp]\\.?[Mm]\\.?)?';
const DATE = '\\d{1,4}[./-]\\d{1,2}[./-]\\d{1,4},?';
const WORD = "\\p{Lu}(?:\\p{Ll}|['’-](?=\\p{L})){1,30}";
/** Who spoke: one to three capitalised words (an initial may stand between), a role after it in brackets or after a comma, then `: `. */
const SPEAKER = `(?<name>${WORD}(?: (?:\\p{Lu}\\. )?${WORD}){0,2})(?: \\([^()\\n]{1,40}\\)|, [^:\\n]{1,40})?:[ \\t]`;
/** Tried only where a line opens with `[` or a digit (after a quote's `>` or an indent): sticky, never a search of the text. */
const SPEAKER_LINE = new RegExp(`(?:\\[(?:${DATE} )?${TIME}\\]|${DATE} ${TIME} -) ${SPEAKER}`, 'yud');

/** Speakers of logs and support tools that are no person. */
const ROLES = new Set([
  'Support', 'Agent', 'Admin', 'Administrator', 'Moderator', 'Host', 'Bot', 'System', 'Server', 'Client', 'User', 'Customer',
  'Assistant', 'Operator', 'Me', 'You', 'Info', 'Warning', 'Error', 'Debug', 'Notice', 'Note', 'Status', 'Update', 'Build',
]);

const readsAsSpeaker = (name: string, loneWordOk: boolean) =>
  !name.split(' ').some((w) => ROLES.has(w) || isCodeWord(w)) && readsAsName(name, loneWordOk);

/** How many distinct speakers are looked for again in the messages (one alternation of them all). */
const MAX_ECHOED = 64;

/** A transcript's speakers, and their names again in its messages (the lines that open with a time). */
export function findChatSpeakers(text: string, out: Omit<Finding, 'priority'>[]): void {
  if (!text.includes(':')) return;
  const spoken: { name: string; start: number; end: number }[] = [];
  let personSpeaks = false;
  for (let at = 0; at < text.length; ) {
    const lineEnd = text.indexOf('\n', at);
    let i = at;
    while (i < at + 8 && (text[i] === ' ' || text[i] === '\t' || text[i] === '>')) i++;
    const c = text.charCodeAt(i);
    if (c === 91 || (c >= 48 && c <= 57)) {
      SPEAKER_LINE.lastIndex = i;
      const m = SPEAKER_LINE.exec(text);
      if (m && readsAsSpeaker(m.groups!.name, true)) {
        const [start, end] = m.indices!.groups!.name;
        spoken.push({ name: m.groups!.name, start, end });
        if (isGivenName(m.groups!.name.split(' ')[0])) personSpeaks = true;
      }
    }
    if (lineEnd < 0) break;
    at = lineEnd + 1;
  }
  if (!personSpeaks) return;
  const names = new Set<string>();
  for (const s of spoken) {
    out.push({ kind: 'person_name', start: s.start, end: s.end });
    if (names.size < MAX_ECHOED) names.add(s.name);
    // `Mark Taylor` speaks; `Thanks, Mark!` answers him.
    const first = s.name.split(' ')[0];
    if (first !== s.name && names.size < MAX_ECHOED) names.add(first);
  }
  echoInMessages(text, spoken, [...names], out);
}

/** The speakers' names where the messages use them: whole words, on the transcript's own lines. */
function echoInMessages(text: string, spoken: { start: number }[], names: string[], out: Omit<Finding, 'priority'>[]): void {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_@.])(?:${names.sort((a, b) => b.length - a.length).map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}_@(])`, 'gu');
  for (const { start } of spoken) {
    const lineEnd = text.indexOf('\n', start);
    // The line alone is searched: a search of the whole text from each speaker would take time in its square.
    const line = text.slice(start, lineEnd < 0 ? text.length : lineEnd);
    pattern.lastIndex = 0;
    for (let m = pattern.exec(line); m; m = pattern.exec(line)) {
      const after = m.index + m[0].length;
      // `Tom.create(` goes on as code.
      if (line[after] === '.' && /\p{L}/u.test(line[after + 1] ?? '')) continue;
      out.push({ kind: 'person_name', start: start + m.index, end: start + after });
    }
  }
}
