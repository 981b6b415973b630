import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { TESTS_SOUGHT_INTENT } from '../../../src/engine/retrieval/test-paths';
import { indexCorpus, topPath } from '../../support/corpus-index';

const seeksTests = (q: string) => extractTerms(q).some((t) => t.kind === 'intent' && t.text === TESTS_SOUGHT_INTENT);

// The parser says the question's words in its names and comments; its spec says them in its descriptions.
const PARSER = `# Parses a search query into terms, tags and domains.
class SearchParser < Parslet::Parser
  rule(:tag) { str("tag:") >> term.as(:tag) }
  rule(:domain) { str("domain:") >> term.as(:domain) }
  rule(:term) { match('[^\\\\s]').repeat(1) }
  # A search query parser result: each term, tag and domain of the query.
  rule(:query) { (tag | domain | term.as(:term)).repeat }
  root(:query)
end
`;
const SPEC = `describe SearchParser do
  it "parses a tag" do
    expect(SearchParser.new.parse("tag:ruby")).to eq([{ tag: "ruby" }])
  end

  it "parses a domain" do
    expect(SearchParser.new.parse("domain:example.com")).to eq([{ domain: "example.com" }])
  end
end
`;

describe('a question asking for the tests of something', () => {
  it('is told from a question about testing code', () => {
    for (const q of [
      'where are the tests for the search query parser?', 'which tests cover redirects?', 'how is the Caddyfile lexer tested?',
      'which test covers the session cookie?', 'what tests exist for the parser?',
    ]) assert.ok(seeksTests(q), q);
    for (const q of ['how does the test client work?', 'how do I mock responses in my tests?', 'how do I test my Flask app?', 'what test runner is used?']) {
      assert.ok(!seeksTests(q), q);
    }
  });

  it('puts the tests before the code they test, and the code first otherwise', async () => {
    const index = await indexCorpus({ 'app/models/search_parser.rb': PARSER, 'spec/models/search_parser_spec.rb': SPEC }, 'grounded-tests-sought-');
    const first = (q: string) => topPath(index, q);
    assert.equal(await first('where are the tests for the search query parser?'), 'spec/models/search_parser_spec.rb');
    assert.equal(await first('how does the search query parser read a tag?'), 'app/models/search_parser.rb');
  });
});
