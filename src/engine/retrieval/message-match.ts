import type { ChunkScores } from './chunk-scores';
import type { ChunkTexts } from './chunk-texts';
import type { IndexStats } from './index-data';
import { stem } from './stem';
import type { SearchTerm } from './terms';

// Where a pasted message is written in the source. The program filled values into its placeholders (`%s`, `{}`,
// `${x}`, `' + name + '`), so the message's words are looked for in order, each within a few words of the one
// before it, rather than adjacent: `Exceeded 30 redirects.` is found in `f"Exceeded {self.max_redirects} redirects."`.

/** Chunks read for one message at most; beyond that its rarest words are too common to point anywhere. */
const MAX_CANDIDATES = 1500;
/** Words a placeholder and the code filling it may take between two words of the message (`{self.max_redirects}`: three). */
const MAX_GAP = 4;
/** A message is found where this share of its pairs of words is, and two pairs at least (one for a two-word message). */
const MIN_SHARE = 0.4;

/** Words of a chunk's text as messages are split (letters and digits), without Python's string prefixes (`f"`, `rb'`). */
function textWords(text: string): string[] {
  return (text.replace(/\b[fFrRbBuU]{1,2}(?=["'])/g, ' ').match(/[A-Za-z][A-Za-z0-9]*/g) ?? []).map((w) => w.toLowerCase());
}

/**
 * The share of the message's consecutive word pairs that follow each other in `words` within MAX_GAP words,
 * 0 when below MIN_SHARE. One pass over the text: each word's positions, then each pair by two pointers.
 */
export function messageShare(message: readonly string[], words: readonly string[]): number {
  const wanted = new Set(message);
  const at = new Map<string, number[]>();
  words.forEach((w, i) => {
    if (wanted.has(w)) (at.get(w) ?? at.set(w, []).get(w)!).push(i);
  });
  let found = 0;
  for (let i = 0; i + 1 < message.length; i++) {
    const [a, b] = [at.get(message[i]), at.get(message[i + 1])];
    if (!a || !b) continue;
    let j = 0;
    const near = a.some((p) => {
      while (j < b.length && b[j] <= p) j++;
      return j < b.length && b[j] - p <= MAX_GAP;
    });
    if (near) found++;
  }
  const pairs = message.length - 1;
  return found >= Math.min(2, pairs) && found / pairs >= MIN_SHARE ? found / pairs : 0;
}

/**
 * Chunk ids holding one of the message's two rarest words (by the index's stems): the candidates worth reading.
 * Where those are too many (a message of common words in a large tree: ansible's `the role %s was not found in
 * %s`, whose rarest words `role` and `found` are in 2,000 of its 10,000 chunks), the chunks holding all of its
 * rarest words, two, then three and more, until few enough: a chunk writing the whole message holds every word.
 */
function candidates(stats: IndexStats, message: readonly string[]): number[] {
  const stems = [...new Set(message.filter((w) => w.length > 2).map(stem))].filter((s) => stats.docFrequency(s) > 0);
  const rarest = stems.sort((a, b) => stats.docFrequency(a) - stats.docFrequency(b));
  const ids = new Set<number>();
  for (const s of rarest.slice(0, 2)) stats.forEachPosting(s, (id) => void ids.add(id));
  if (ids.size <= MAX_CANDIDATES) return [...ids];
  let all: Set<number> | undefined;
  for (const s of rarest) {
    const next = new Set<number>();
    stats.forEachPosting(s, (id) => void (!all || all.has(id) ? next.add(id) : undefined));
    all = next;
    if (all !== undefined && s !== rarest[0] && all.size <= MAX_CANDIDATES) return [...all];
  }
  return [];
}

/**
 * For each message (its words joined by spaces), the chunks where it is written and the share of its word pairs
 * found there (messageShare), from the chunks' texts as indexed.
 */
export async function findMessages(
  texts: ChunkTexts,
  messages: readonly string[],
): Promise<Map<string, Map<number, number>>> {
  const out = new Map<string, Map<number, number>>();
  // A chunk's words once per search: a log's lines and a chain's links are read against the same chunks.
  const wordsOf = new Map<number, string[] | undefined>();
  for (const text of messages) {
    const message = text.split(' ');
    const found = new Map<number, number>();
    out.set(text, found);
    // A link of an error chain (pasted.ts) is read only where no place writes the whole line: where one does,
    // the link's words found elsewhere (a test asserting `expected string, received number`) are no evidence.
    if ([...out].some(([whole, at]) => at.size > 0 && whole !== text && ` ${whole} `.includes(` ${text} `))) continue;
    for (const id of candidates(texts.stats, message)) {
      let words = wordsOf.get(id);
      if (!wordsOf.has(id)) {
        const chunk = await texts.text(id);
        wordsOf.set(id, (words = chunk !== undefined ? textWords(chunk) : undefined));
      }
      const share = words !== undefined ? messageShare(message, words) : 0;
      if (share > 0) found.set(id, share);
    }
  }
  return out;
}

/** For each pasted message (a message term's text), the chunks writing it and how much of it each writes, 0 to 1 (message-match.ts). */
export type MessagesWritten = ReadonlyMap<string, ReadonlyMap<number, number>>;

/**
 * A chunk writing a pasted message scores as if it held each of the message's words once, times this and the share
 * written: the message is the part of an error that says where it was raised, though its words are common ones
 * (`is not defined`, `already registered`: stop words, or words every module of the project uses).
 */
const MESSAGE_WEIGHT = 1;
/**
 * And it counts this much more (× 1 + gain × share) where it is code: the words alone are common, and a test, a doc or a
 * fixture quoting the message (often with the values filled in, as the user pasted it) is not where it is raised.
 * On the pasted set: weight 1 and gain 2 0.899; either alone 0.839 (weight) and 0.893 (gain); weights 0.5-2 and gains 1-4 within 0.02.
 */
const MESSAGE_GAIN = 2;

/** The factor a chunk of code gains for the pasted messages it writes (the best of them). */
export function messageGain(written: MessagesWritten, weights: ReadonlyMap<string, number>, id: number): number {
  let m = 0;
  // A message of an earlier turn (weighted half, context/build.ts) gains half as much.
  for (const [text, shares] of written) m = Math.max(m, (shares.get(id) ?? 0) * Math.min(1, weights.get(text) ?? 0));
  return 1 + MESSAGE_GAIN * m;
}

/** Scores the chunks writing a pasted message (helper terms are not scored by their words). */
export function addMessage(
  term: SearchTerm,
  ti: number,
  shares: ReadonlyMap<number, number> | undefined,
  scores: ChunkScores,
  idf: (token: string) => number,
): void {
  if (!shares || shares.size === 0) return;
  const words = new Set(term.text.split(' ').filter((w) => w.length > 1).map(stem));
  let w = 0;
  for (const word of words) w += idf(word);
  for (const [id, share] of shares) scores.add(id, term.weight * MESSAGE_WEIGHT * share * w, ti);
}
