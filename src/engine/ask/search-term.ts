/**
 * Question words that say nothing about the code (searched for, they would match everything), and
 * the words a question uses to point at code rather than name it ("what does this selection return?").
 */
const STOP = new Set([
  'where', 'which', 'what', 'does', 'this', 'that', 'there', 'these', 'those', 'about', 'should', 'would',
  'could', 'handle', 'handled', 'handles', 'happen', 'happens', 'work', 'works', 'code', 'file', 'files',
  'function', 'explain', 'stored', 'store', 'called', 'defined', 'else', 'used', 'uses', 'using', 'from',
  'into', 'with', 'have', 'when', 'then', 'them', 'they', 'some', 'each', 'more', 'most', 'also', 'only',
  'just', 'like', 'make', 'made', 'done', 'show', 'tell', 'much', 'many', 'here', 'their', 'whats', 'need',
  'return', 'returns', 'returned', 'selection', 'selected', 'line', 'lines', 'mean', 'means', 'doing', 'method',
  'class', 'value', 'values', 'variable', 'block', 'part', 'change', 'changes', 'above', 'below',
  // What a question about a mentioned file asks of it ("what does @lib/app.rb define?"): the file is the topic.
  'define', 'defines', 'contain', 'contains', 'describe', 'describes',
]);

/** Auxiliaries and pronouns of a question's frame ("how are …", "where do we …", "how to …"). */
const AUXILIARY = new Set(['is', 'are', 'was', 'were', 'do', 'does', 'did', 'can', 'could', 'should', 'will', 'would']);
const PRONOUN = new Set(['i', 'we', 'you', 'it', 'they', 'he', 'she', 'one']);
/** Past participles without -ed that questions about code use ("how is the seed chosen?"). */
const IRREGULAR = new Set([
  'chosen', 'given', 'taken', 'written', 'built', 'found', 'kept', 'sent', 'shown', 'known', 'thrown', 'hidden', 'broken',
  'drawn', 'held', 'bound', 'spent', 'begun', 'driven', 'frozen', 'forgotten', 'gotten', 'laid', 'paid', 'told', 'thought',
  'brought', 'caught', 'sought', 'meant', 'dealt', 'lost', 'split', 'spun', 'torn', 'worn', 'undone', 'rewritten', 'overridden',
]);

/**
 * Whether the word at `i` reads as the question's verb rather than its topic: an -ed or -ing form
 * ("how are scopes declared?"), a common irregular participle, or the word after an auxiliary and
 * a pronoun or after "to" ("where do we declare scopes?", "how to declare scopes?"). No tagger:
 * the shapes of a question about code are few, and a wrong guess only costs the choice of a shorter word.
 */
function verbLike(words: readonly string[], i: number): boolean {
  const w = words[i].toLowerCase();
  if (/[^e]ed$|.{4}ing$/.test(w) || IRREGULAR.has(w)) return true; // not "seed", "speed", "string"
  const prev = words[i - 1]?.toLowerCase();
  return prev === 'to' || (prev !== undefined && PRONOUN.has(prev) && AUXILIARY.has(words[i - 2]?.toLowerCase() ?? ''));
}

/**
 * The word of a question most worth searching the workspace for: an identifier (camelCase,
 * snake_case, dotted or with a digit) first, else the longest plain word of four letters or more
 * that names a thing rather than an action (nouns before verbs), else the longest verb.
 * Mentions (`@…`) and chat references (`#selection`, `#file:…`) are not words of the question.
 */
export function searchTermOf(question: string): string | undefined {
  if (/@(search|grep):/.test(question)) return undefined; // it already searched
  const words = question.replace(/`[^`]*`/g, ' ').replace(/[@#]\S+/g, ' ').match(/[A-Za-z_$][\w$.]*[\w$]/g) ?? [];
  const identifier = words.find((w) => /[a-z][A-Z]|_|\.|\d/.test(w) && w.length >= 3);
  if (identifier) return identifier;
  const plain = words.map((w, i) => ({ w, verb: verbLike(words, i) })).filter(({ w }) => w.length >= 4 && !STOP.has(w.toLowerCase()));
  return plain.sort((a, b) => Number(a.verb) - Number(b.verb) || b.w.length - a.w.length)[0]?.w;
}
