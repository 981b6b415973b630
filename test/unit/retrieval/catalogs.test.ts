import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { demotedFor, pathFactor } from '../../../src/engine/retrieval/path-demotion';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { indexCorpus, topPath } from '../../support/corpus-index';

const factor = (question: string, rel: string) => pathFactor(rel, demotedFor(extractTerms(question)));

// BookStack's English strings name the feature in the user's words, sentence after sentence.
const AUTH_STRINGS = `<?php
return [
    'mfa_setup' => 'Setup Multi-Factor Authentication',
    'mfa_verify_totp' => 'Verify the TOTP code from your authentication app for multi-factor authentication',
    'mfa_totp_codes' => 'TOTP codes are verified to complete multi-factor authentication.',
    'mfa_invalid_code' => 'The provided TOTP code is not valid or has expired.',
];
`;
const TOTP_SERVICE = `<?php
namespace BookStack\\Access\\Mfa;

class TotpService
{
    /** Check the given code is valid for the secret, allowing for a small time drift. */
    public function verifyCode(string $code, string $secret): bool
    {
        return $this->google2fa->verifyKey($secret, $code, 1);
    }
}
`;

describe('catalogs of the strings an application shows', () => {
  it('count less unless the question asks about translations, languages or the messages', () => {
    const q = 'how are TOTP codes verified for multi-factor authentication?';
    assert.equal(factor(q, 'lang/en/auth.php'), 0.5);
    assert.equal(factor(q, 'config/locales/en.yml'), 0.5);
    assert.equal(factor(q, 'locales/en.json'), 0.5);
    assert.equal(factor(q, 'po/de.po'), 0.5);
    assert.equal(factor('how are error messages translated?', 'lang/en/auth.php'), 1);
    assert.equal(factor('how is the language of the interface chosen?', 'locales/en.json'), 1);
  });

  it('leave code in a folder of that name alone', () => {
    assert.equal(factor('how does switching accounts work?', 'src/i18n/index.ts'), 1);
    assert.equal(factor('how does switching accounts work?', 'app/Translation/Translator.php'), 1);
  });

  it('put the code verifying a code before the English strings saying so', async () => {
    const index = await indexCorpus({ 'lang/en/auth.php': AUTH_STRINGS, 'app/Access/Mfa/TotpService.php': TOTP_SERVICE });
    assert.equal(await topPath(index, 'how are TOTP codes verified for multi-factor authentication?'), 'app/Access/Mfa/TotpService.php');
  });
});
