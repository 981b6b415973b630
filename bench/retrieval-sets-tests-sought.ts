// Questions that ask for the tests themselves, on the same trees as the labelled sets (keyed by their
// names in retrieval-eval.ts). The labelled sets' questions that name tests are all about the product's
// own testing code (flask's test client, guzzle's MockHandler), so a ranking tuned on them alone could
// bury the tests: letting test files count half when a question names tests took these from 0.875 to
// 0.496. Written before that change was measured on them.
import type { Labelled } from './retrieval-sets-more';

export const TESTS_SOUGHT: Record<string, Labelled[]> = {
  flask: [
    ['where are the tests for blueprints?', /^tests\/test_blueprints\.py$/],
    ['which tests cover the session cookie?', /^tests\/(test_basic|test_session_interface)\.py$/],
  ],
  requests: [['which tests cover redirects?', /^tests\/test_requests\.py$/]],
  gin: [
    ['where are the tests for the router tree?', /^tree_test\.go$/],
    ['which tests check the logger middleware?', /^logger_test\.go$/],
  ],
  okhttp: [
    ['where are the tests for the connection pool?', /ConnectionPoolTest\.kt$/],
    ['which tests cover certificate pinning?', /CertificatePinner(Kotlin)?Test\.kt$/],
  ],
  express: [['which tests cover res.redirect?', /^test\/res\.redirect\.js$/]],
  click: [['where are the tests for options?', /^tests\/test_options\.py$/]],
  axum: [['where are the tests for nested routers?', /^axum\/src\/routing\/tests\/nest\.rs$/]],
  newtonsoft: [['where are the tests for the JSON path parser?', /JPathParseTests\.cs$/]],
  guzzle: [['where are the tests for the retry middleware?', /^tests\/RetryMiddlewareTest\.php$/]],
  cobra: [['which tests cover flag groups?', /^flag_groups_test\.go$/]],
  sinatra: [['where are the tests for routing?', /^test\/routing_test\.rb$/]],
  vite: [['where are the tests for the css plugin?', /__tests__\/plugins\/css\.spec\.ts$/]],
  fastapi: [['which tests cover dependency overrides?', /^tests\/test_dependency_overrides\.py$/]],
};
