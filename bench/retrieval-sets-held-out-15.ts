// Held-out set 15 (2026-11-27), labelled from the sources before any ranking on the trees, in kinds no earlier set had:
// pocketbase/pocketbase at 5d217dd (a Go backend in one binary: `core/` models and queries, `apis/` one file per endpoint
// with its `_test.go`, `tools/` packages (auth providers, cron, mailer, filesystem, search), plugins for JS hooks and
// migrations, the admin UI's sources under `ui/src` and its built copy under `ui/dist`), giraffe-fsharp/Giraffe at 18e1be3
// (an F# web framework on ASP.NET Core: one module a file under `src/Giraffe`, xUnit tests, samples), JuliaWeb/HTTP.jl at
// 444b92b (a Julia HTTP/1, HTTP/2 and WebSocket client and server: `src/http_*.jl`, tests under `test/`, docs and benches)
// and sveltejs/realworld at e80873c (a SvelteKit app: `+page.server.js` loads and form actions under `src/routes`).
// Questions a newcomer would ask, each labelled with the files that answer it.
import type { Labelled } from './retrieval-sets-more';

const whole = (files: string): RegExp => new RegExp(`^(${files})$`);

export const POCKETBASE: Labelled[] = [
  ['how are API requests rate limited?', whole('apis/middlewares_rate_limit\\.go')],
  ['how are thumbnails of uploaded images generated?', whole('tools/filesystem/filesystem\\.go|apis/file\\.go')],
  ['how are realtime subscriptions pushed to connected clients?', whole('apis/realtime\\.go|tools/subscriptions/(broker|client)\\.go')],
  ['how is a database write retried when SQLite is locked?', whole('core/db_retry\\.go')],
  ['how are cron schedule expressions parsed?', whole('tools/cron/schedule\\.go')],
  ['how does the JS hooks plugin load the pb_hooks scripts?', whole('plugins/jsvm/jsvm\\.go')],
  ['how are auth tokens for records signed?', whole('core/record_tokens\\.go|tools/security/jwt\\.go')],
  ['where is the one-time password email sent?', whole('mails/record\\.go')],
  ['how are migration files generated automatically when a collection changes?', whole('plugins/migratecmd/automigrate\\.go')],
  ['where is the admin dashboard embedded into the binary?', whole('ui/embed\\.go|apis/serve\\.go')],
  ['how are the fields of a view collection inferred from its SELECT query?', whole('core/view\\.go')],
  ['how does the GitHub OAuth2 provider fetch the user email?', whole('tools/auth/github\\.go')],
  ['where are the tests for the rate limiter?', whole('apis/middlewares_rate_limit_test\\.go')],
];

export const GIRAFFE: Labelled[] = [
  ['how does routef match the %s and %i placeholders of a route?', whole('src/Giraffe/(FormatExpressions|Routing)\\.fs')],
  ['how is the CSRF token validated?', whole('src/Giraffe/Csrf\\.fs')],
  ['how are unhandled exceptions turned into an error response?', whole('src/Giraffe/Middleware\\.fs')],
  ['how does content negotiation pick between JSON and XML?', whole('src/Giraffe/Negotiation\\.fs')],
  ['how are ETag and If-None-Match preconditions checked?', whole('src/Giraffe/Preconditional\\.fs')],
  ['how is a form or query string bound to an F# record?', whole('src/Giraffe/(ModelParser|HttpContextExtensions)\\.fs')],
  ['how do I require the user to be in a role?', whole('src/Giraffe/Auth\\.fs')],
  ['how are HTTP handlers composed with >=>?', whole('src/Giraffe/Core\\.fs')],
  ['how do I use Newtonsoft.Json instead of System.Text.Json?', whole('samples/NewtonsoftJson/Program\\.fs|src/Giraffe/Json\\.fs')],
  ['where are the tests for maxContentLength?', whole('tests/Giraffe\\.Tests/RequestLimitationTests\\.fs')],
  ['how are Range requests handled when streaming a file?', whole('src/Giraffe/Streaming\\.fs')],
  ['how are short GUIDs encoded for URLs?', whole('src/Giraffe/ShortGuid\\.fs')],
];

export const HTTP_JL: Labelled[] = [
  ['how are redirects followed by the client?', whole('src/http_client_redirect\\.jl')],
  ['how are failed requests retried?', whole('src/http_client_retry\\.jl|src/http_retry\\.jl')],
  ['how are cookies parsed and stored?', whole('src/http_cookies\\.jl')],
  ['how is HPACK header compression implemented?', whole('src/hpack\\.jl')],
  ['how are multipart form bodies built?', whole('src/http_forms\\.jl')],
  ['how is a WebSocket frame masked and parsed?', whole('src/http_websocket_codec\\.jl')],
  ['how are server-sent events written to a stream?', whole('src/http_sse\\.jl')],
  ['how does the server serve static files from a directory?', whole('src/http_server_files\\.jl')],
  ['how is the proxy chosen from HTTP_PROXY and NO_PROXY?', whole('src/http_proxy\\.jl')],
  ['how does the router match request paths to handlers?', whole('src/http_handlers\\.jl')],
  ['where are the tests for permessage-deflate compression?', whole('test/http_websocket_pmce_tests\\.jl')],
  ['how is the content type of a body sniffed?', whole('src/http_sniff\\.jl')],
  ['how are request timeouts applied?', whole('src/http_client_timeouts\\.jl')],
];

export const SVELTE_REALWORLD: Labelled[] = [
  ['how does the login form sign the user in?', /^src\/routes\/login\/\+page\.server\.js$/],
  ['where is the logged-in user read from the jwt cookie?', /^src\/hooks\.server\.js$/],
  ['how are requests sent to the API with the auth token?', /^src\/lib\/api\.js$/],
  ['how is the markdown body of an article rendered safely?', /^src\/routes\/article\/\[slug\]\/\+page\.server\.js$/],
  ['how are comments posted and deleted?', /^src\/routes\/article\/\[slug\]\/(\+page\.server\.js|CommentInput\.svelte|Comment\.svelte)$/],
  ['how is the list of articles paginated?', /^src\/routes\/(Pagination\.svelte|\+page\.server\.js|profile\/@\[user\]\/get_articles\.js)$/],
  ['how does the user log out?', /^src\/routes\/settings\/\+page\.(server\.js|svelte)$/],
  ['where is the loading bar shown during navigation?', /^src\/routes\/(PreloadingIndicator|\+layout)\.svelte$/],
  ['how are the articles a user favorited loaded?', /^src\/routes\/profile\/@\[user\]\/(favorites\/\+page\.server\.js|get_articles\.js)$/],
  ['where is the page size of article lists set?', /^src\/lib\/constants\.js$/],
];
