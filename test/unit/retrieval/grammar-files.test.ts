import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { demotedFor, pathFactor } from '../../../src/engine/retrieval/path-demotion';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { indexCorpus, topPath } from '../../support/corpus-index';

const factor = (question: string, rel: string) => pathFactor(rel, demotedFor(extractTerms(question)));

// A Bison grammar names its tokens and actions, seldom the word grammar (as jq's src/parser.y); the command line's usage
// says "jq" as often.
const PARSER_Y = `%{
#define YYMALLOC jv_mem_alloc
#define YYLTYPE location
%}
%define parse.error verbose
%token IDENT FIELD LITERAL
%%
TopLevel: Module Imports Exp { *answer = BLOCK($1, $2, gen_op_simple(TOP), $3); }
Exp: FuncDef Exp %prec FUNCDEF { $$ = block_bind_referenced($1, $2, OP_IS_CALL_PSEUDO); }
| Exp '|' Exp { $$ = block_join($1, $3); }
%%
int jq_parse(struct locfile* locations, block* answer) { return yyparse(answer, locations); }
int jq_parse_library(struct locfile* locations, block* answer) { return jq_parse(locations, answer); }
`;
const MAIN_C = `static void usage(int code) {
  fprintf(stderr, "Usage: jq [options] <program> [file...]; jq runs the jq program on each input\\n");
}
int main(int argc, char *argv[]) {
  const char *program = argv[1];
  /* the program given on the command line is compiled, then run on each input */
  if (!jq_compile(jq, program)) usage(3);
}
`;

describe("a parser generator's grammar file", () => {
  it('counts twice where the question asks about the grammar', () => {
    for (const rel of ['src/parser.y', 'src/Grammar.g4', 'grammar/python.gram', 'src/grammar.pest', 'tree-sitter-x/grammar.js']) {
      assert.equal(factor('where is the grammar of jq filters defined?', rel), 2, rel);
      assert.equal(factor('how are filters compiled?', rel), 1, rel);
    }
    assert.equal(factor('where is the grammar of jq filters defined?', 'src/main.c'), 1);
  });

  it('comes before the code saying the word', async () => {
    const index = await indexCorpus({ 'src/parser.y': PARSER_Y, 'src/main.c': MAIN_C }, 'grounded-grammar-');
    assert.equal(await topPath(index, 'where is the grammar of jq filters defined?'), 'src/parser.y');
    assert.equal(await topPath(index, 'how is the program given on the command line compiled?'), 'src/main.c');
  });
});
