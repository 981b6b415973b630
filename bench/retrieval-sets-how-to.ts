// "How do I …?" questions on eleven of the trees, answered by a docs page or an example (the labels name only those;
// the code doing it is a useful answer too, but the rule these guard is about the docs). Written before the rule that
// lets docs and examples count level for such questions (path-demotion.ts asksHowTo) was run on them.
import type { Labelled } from './retrieval-sets-more';

export const HOW_TO_ASKED: Record<string, Labelled[]> = {
  flask: [
    ['how do I test my Flask app?', /^docs\/testing\.rst$/],
    ['how do I deploy with gunicorn?', /^docs\/deploying\/gunicorn\.rst$/],
    ['how can I split my app into blueprints?', /^docs\/blueprints\.rst$/],
    ['how do I show custom error pages?', /^docs\/errorhandling\.rst$/],
  ],
  click: [
    ['how do I add a --verbose option to a command?', /^docs\/options\.md$/],
    ['how do I enable shell completion?', /^docs\/shell-completion\.md$/],
    ['how do I prompt the user for a password?', /^docs\/prompts\.md$/],
  ],
  vite: [
    ['how do I use environment variables in my app?', /^docs\/guide\/env-and-mode\.md$/],
    ['how do I write a Vite plugin?', /^docs\/guide\/api-plugin\.md$/],
    ['how do I deploy a static site to GitHub Pages?', /^docs\/guide\/static-deploy(-github-pages\.yaml|\.md)$/],
  ],
  cobra: [
    ['how do I generate man pages for my commands?', /^site\/content\/docgen\/man\.md$/],
    ['how do I add zsh completion?', /^site\/content\/completions\/zsh\.md$/],
  ],
  guzzle: [
    ['how do I mock responses in my tests?', /^docs\/testing\.rst$/],
    ['how do I add a middleware to the handler stack?', /^docs\/handlers-and-middleware\.rst$/],
  ],
  requests: [
    ['how do I upload a multipart file?', /^docs\/user\/(quickstart|advanced)\.rst$/],
    ['how do I use a custom SSL certificate bundle?', /^docs\/user\/advanced\.rst$/],
  ],
  okhttp: [
    ['how do I add an interceptor that logs requests?', /^docs\/features\/interceptors\.md$/],
    ['how do I configure a response cache?', /^docs\/features\/caching\.md$/],
  ],
  axum: [
    ['how do I add CORS to my app?', /^examples\/cors\//],
    ['how do I gracefully shut down the server?', /^examples\/graceful-shutdown\//],
    ['how can I serve static files?', /^examples\/static-file-server\//],
  ],
  express: [
    ['how do I use cookie sessions?', /^examples\/cookie-sessions\//],
    ['how do I serve static files?', /^examples\/static-files\//],
  ],
  gson: [['how do I register a custom type adapter?', /^UserGuide\.md$/]],
  ripgrep: [
    ['how do I search only files of a certain type?', /^GUIDE\.md$/],
    ['how do I make the search ignore case?', /^GUIDE\.md$/],
  ],
};
