/**
 * A grammar kept in a parser generator's own format (Bison's and Yacc's `.y`, ANTLR's `.g4`, pest, LALRPOP, PEG.js, Lark,
 * Jison, CPython's `.gram`, tree-sitter's `grammar.js`) is where a language's syntax is defined, but its rules name the
 * tokens and the actions, seldom the word "grammar": jq's `src/parser.y` was not in the top 10 for "where is the grammar of
 * jq filters defined?", behind `main.c`, the RPM spec and the manual. Asked about the grammar, such a file counts twice.
 */
export const GRAMMAR_FACTOR = 2;
export const GRAMMAR_PATH = /\.(y|yy|ypp|jison|g4|pest|lalrpop|peg|pegjs|lark|gram|ebnf)$|(^|\/)grammar\.(js|json)$/;
/** Words of a question about a grammar (stemmed, as terms are). */
export const GRAMMAR_WORDS = new Set(['grammar', 'bnf', 'ebnf', 'yacc', 'bison', 'antlr', 'peg', 'lalr']);
