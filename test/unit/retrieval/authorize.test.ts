import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { indexCorpus } from '../../support/corpus-index';

// The decorator that authenticates an API request is named authorize; a model says "authenticate" of something else.
const DECORATOR = `def authorize(f):
    @wraps(f)
    def wrapper(request, *args, **kwds):
        api_key = request.headers.get("X-Api-Key", "")
        project = Project.objects.for_api_key(api_key)
        if project is None:
            return error("wrong api key", 401)
        request.project = project
        return f(request, *args, **kwds)
    return wrapper
`;
const PROFILE = `class Profile(models.Model):
    def send_sms(self, request):
        """Texts a code the user enters to authenticate a new phone number."""
        return sms.send(self.phone, self.code)
`;

describe('a question saying authenticate', () => {
  it('finds the code that authorizes a request by its API key', async () => {
    const index = await indexCorpus({ 'hc/api/decorators.py': DECORATOR, 'hc/accounts/models.py': PROFILE }, 'grounded-authorize-');
    const ranked = await index.search(extractTerms('how does the API authenticate a request with an API key?'), 5);
    assert.equal(ranked[0].path, 'hc/api/decorators.py');
    assert.ok(ranked[0].matched.includes('word:authenticat'), ranked[0].matched.join(','));
  });
});
