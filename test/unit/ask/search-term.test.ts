import { test } from 'node:test';
import assert from 'node:assert/strict';
import { searchTermOf } from '../../../src/engine/ask/search-term';

// The "Search the workspace for …" follow-up offers the word a newcomer would search for, not a
// word that only points at the code ("this", "return", "selection").

test('an identifier of the question is the term', () => {
  assert.equal(searchTermOf('how does fetchWithRetry back off?'), 'fetchWithRetry');
  assert.equal(searchTermOf('where is max_attempts read?'), 'max_attempts');
});

test('the longest meaningful plain word, when no identifier', () => {
  assert.equal(searchTermOf('what about authentication tokens?'), 'authentication');
});

test('the question\'s topic, not its verb: nouns before -ed/-ing forms and words after "we do"/"to"', () => {
  assert.equal(searchTermOf('how are scopes declared'), 'scopes');
  assert.equal(searchTermOf('how are tokens refreshed?'), 'tokens');
  assert.equal(searchTermOf('where do we declare scopes?'), 'scopes');
  assert.equal(searchTermOf('how to register plugins'), 'plugins');
  assert.equal(searchTermOf('why is caching skipped for requests?'), 'requests');
  // Nouns that only look like verbs stay nouns; a question with only a verb still gets it.
  assert.equal(searchTermOf('where is the string parser?'), 'string');
  assert.equal(searchTermOf('how is the seed chosen?'), 'seed');
  assert.equal(searchTermOf('when is it refreshed?'), 'refreshed');
});

test('a chat reference, a mention or a code span is not a word of the question', () => {
  assert.equal(searchTermOf('what does #selection return?'), undefined);
  assert.equal(searchTermOf('what does #file:client.ts parse?'), 'parse');
  assert.equal(searchTermOf('what does `src/http/client.ts#L10-15` return?'), undefined);
  assert.equal(searchTermOf('what calls @src/notes.ts#L1-5?'), 'calls');
});

test('words that point at code instead of naming it are skipped', () => {
  assert.equal(searchTermOf('what does this return?'), undefined);
  assert.equal(searchTermOf('what do these lines mean for retries?'), 'retries');
  // A question about a mentioned file: searching "define" would match everything.
  assert.equal(searchTermOf('what does @lib/sinatra/base.rb define?'), undefined);
  assert.equal(searchTermOf('what does @src/app.ts contain?'), undefined);
  assert.equal(searchTermOf('which routes does @lib/sinatra/base.rb define?'), 'routes');
});

test('a question that already searched gets no search follow-up', () => {
  assert.equal(searchTermOf('where else is @search:"sleep" used?'), undefined);
});
