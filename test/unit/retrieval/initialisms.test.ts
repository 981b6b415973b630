import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { initialismsOf } from '../../../src/engine/retrieval/initialisms';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { indexCorpus, topPath } from '../../support/corpus-index';

const initialsOf = (question: string) => Object.fromEntries(extractTerms(question).filter((t) => t.initials).map((t) => [t.text, t.initials]));

// hexpm keeps two-factor authentication in tfa.ex; the session helpers say "authentication" and "login" throughout.
const TFA = `defmodule Hexpm.Accounts.TFA do
  def verify(%{secret: secret}, code) do
    :pot.valid_totp(code, secret, window: 1)
  end

  def recovery_code_valid?(user, code), do: Enum.any?(user.recovery_codes, &(&1.code == code))
end
`;
const AUTH_HELPERS = `defmodule HexpmWeb.AuthHelpers do
  # Authentication of a request: the session's user after login, or the API key's owner.
  def current_user(conn), do: conn.assigns.current_user
  def put_user(conn, user), do: put_session(conn, "user_id", user.id)
end
`;
// An ordinary three-letter name in code is not an initialism of the question's words.
const ARRAYS = `export function head(arr: number[]) {
  const tfa = arr.slice(0, 2);
  return tfa;
}
`;

describe('initials of words a question spells out', () => {
  it('gives runs of three or four words their initials, a number word as its digit too', () => {
    assert.deepEqual(
      initialismsOf(['two', 'factor', 'authentication']).map((r) => r.names),
      [['tfa', '2fa']],
    );
    assert.deepEqual(initialismsOf(['server', 'side', undefined, 'rendering']), [], 'a stop word or punctuation ends a run');
  });

  it('reads a hyphenated word as its parts and gives the initials to the run\'s last word', () => {
    assert.deepEqual(initialsOf('how is two-factor authentication verified at login?'), { authenticat: ['tfa', '2fa'] });
    assert.deepEqual(initialsOf('how does server side rendering work?'), { render: ['ssr'] });
  });

  it('lets a verb in a past form end a run, and leaves runs of two alone', () => {
    assert.deepEqual(initialsOf('how are API keys stored?'), {});
    assert.deepEqual(initialsOf('how is the session cookie signed?'), {});
  });

  it('finds the file named by the initials before the file saying the words', async () => {
    const index = await indexCorpus({ 'lib/hexpm/accounts/tfa.ex': TFA, 'lib/hexpm_web/auth_helpers.ex': AUTH_HELPERS });
    assert.equal(await topPath(index, 'how is two-factor authentication verified at login?'), 'lib/hexpm/accounts/tfa.ex');
  });

  it('looks the initials up in file names only, not in code', async () => {
    const index = await indexCorpus({ 'src/arrays.ts': ARRAYS, 'lib/hexpm_web/auth_helpers.ex': AUTH_HELPERS });
    const found = await index.search(extractTerms('how is two-factor authentication verified at login?'), 5);
    assert.deepEqual([...new Set(found.map((c) => c.path))], ['lib/hexpm_web/auth_helpers.ex']);
  });
});
