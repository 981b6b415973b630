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
]);

/**
 * The word of a question most worth searching the workspace for: an identifier (camelCase,
 * snake_case, dotted or with a digit) first, else the longest plain word of four letters or more.
 * Mentions (`@…`) and chat references (`#selection`, `#file:…`) are not words of the question.
 */
export function searchTermOf(question: string): string | undefined {
  if (/@(search|grep):/.test(question)) return undefined; // it already searched
  const words = question.replace(/`[^`]*`/g, ' ').replace(/[@#]\S+/g, ' ').match(/[A-Za-z_$][\w$.]*[\w$]/g) ?? [];
  const identifier = words.find((w) => /[a-z][A-Z]|_|\.|\d/.test(w) && w.length >= 3);
  if (identifier) return identifier;
  return words.filter((w) => w.length >= 4 && !STOP.has(w.toLowerCase())).sort((a, b) => b.length - a.length)[0];
}
