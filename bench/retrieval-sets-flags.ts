// Questions that name a CLI flag (`--max-count`, `-S`), a config key (`maxBodyLength`, `server.strictPort`, 'json spaces',
// `MAX_CONTENT_LENGTH`) or an environment variable (`RIPGREP_CONFIG_PATH`, `GIN_MODE`). The sources were read first: each
// label names the file that defines the flag or key and the file whose code acts on it (what answers "what does it do?"),
// never a doc, test or changelog quoting it. Written, labels included, before any of them was ranked.
import type { Labelled } from './retrieval-sets-more';

const RG_FLAGS = /^crates\/core\/flags\/(defs|hiargs)\.rs$/;
const VITE = 'packages/vite/src/node/';
const vite = (files: string) => new RegExp(`^${VITE.replace(/\//g, '\\/')}(${files})\\.ts$`);
const OKHTTP = /^okhttp\/src\/commonJvmAndroid\/kotlin\/okhttp3\//.source;
const okhttp = (files: string) => new RegExp(`${OKHTTP}(${files})\\.kt$`);

export const FLAGS: Record<string, Labelled[]> = {
  ripgrep: [
    ['what does --max-count do?', RG_FLAGS],
    ['how is RIPGREP_CONFIG_PATH used?', /^crates\/core\/flags\/(config|parse)\.rs$/],
    ['what does `--max-columns` do?', /^crates\/core\/flags\/(defs|hiargs)\.rs$|^crates\/printer\/src\/standard\.rs$/],
    ['where is --one-file-system handled?', /^crates\/core\/flags\/(defs|hiargs)\.rs$|^crates\/ignore\/src\/walk\.rs$/],
    ['what does rg -S do?', /^crates\/core\/flags\/(defs|hiargs)\.rs$|^crates\/regex\/src\/config\.rs$/],
  ],
  jq: [
    ['what does --exit-status do?', /^src\/main\.c$/],
    ['how is JQ_COLORS parsed?', /^src\/(jv_print|main)\.c$/],
    ['what does jq --stream do?', /^src\/(main|jv_parse)\.c$/],
    ['where is JQ_LIBRARY_PATH used?', /^src\/(execute|main|linker)\.c$/],
    ['what does `--sort-keys` do?', /^src\/(main|jv_print)\.c$/],
  ],
  click: [
    ['what does `auto_envvar_prefix` do?', /^src\/click\/core\.py$/],
    ['where is the `_{PROG_NAME}_COMPLETE` environment variable read?', /^src\/click\/(core|shell_completion)\.py$/],
    ['what does `token_normalize_func` do?', /^src\/click\/(core|parser)\.py$/],
    ['what does max_content_width do?', /^src\/click\/(core|formatting)\.py$/],
  ],
  cobra: [
    ['what does `DisableFlagParsing` do?', /^command\.go$/],
    ['how is COBRA_ACTIVE_HELP read?', /^(active_help|completions)\.go$/],
    ['what does `EnablePrefixMatching` do?', /^(cobra|command)\.go$/],
    ['what does `TraverseChildren` do?', /^command\.go$/],
    ['where is BASH_COMP_DEBUG_FILE used?', /^completions\.go$/],
  ],
  vite: [
    ['what does `server.strictPort` do?', vite('http')],
    ['what does `build.assetsInlineLimit` do?', vite('plugins/asset|build')],
    ['what does vite --force do?', vite('cli|optimizer/index')],
    ['how is `envPrefix` used?', vite('env|config')],
    ['where is VITE_DEBUG_FILTER read?', vite('utils')],
  ],
  babel: [
    ['what does babel --copy-files do?', /^packages\/babel-cli\/src\/babel\/(options|dir)\.ts$/],
    ['where is BABEL_SHOW_CONFIG_FOR read?', /^packages\/babel-core\/src\/config\/files\/configuration\.ts$/],
    ['how is BABEL_ENV used?', /^packages\/babel-core\/src\/config\/helpers\/environment\.ts$/],
    ['what does the `rootMode` option do?', /^packages\/babel-core\/src\/config\/(partial|validation\/options)\.ts$/],
    ['what does --keep-file-extension do?', /^packages\/babel-cli\/src\/babel\/(options|dir)\.ts$/],
  ],
  axios: [
    ['what does `maxBodyLength` do in axios?', /^lib\/(adapters\/http|defaults\/index)\.js$/],
    ['what does `maxRedirects` default to?', /^lib\/adapters\/http\.js$/],
    ['what does `transitional.clarifyTimeoutError` do?', /^lib\/(defaults\/transitional|adapters\/(http|xhr))\.js$/],
    ['what is `validateStatus` used for?', /^lib\/(core\/settle|defaults\/index)\.js$/],
    ['what does `withXSRFToken` do?', /^lib\/helpers\/resolveConfig\.js$/],
  ],
  okhttp: [
    ['what does `followRedirects` default to?', okhttp('OkHttpClient|internal/http/RetryAndFollowUpInterceptor')],
    ['what does `retryOnConnectionFailure` do?', okhttp('internal/http/RetryAndFollowUpInterceptor|OkHttpClient')],
    ['what does `callTimeout` do?', okhttp('internal/connection/RealCall|OkHttpClient')],
    ['what does `minWebSocketMessageToCompress` do?', okhttp('OkHttpClient|internal/ws/RealWebSocket|internal/ws/WebSocketWriter')],
  ],
  guzzle: [
    ['what does the `http_errors` request option do?', /^src\/(Middleware|RequestOptions)\.php$/],
    ['what does `allow_redirects` default to?', /^src\/(RedirectMiddleware|Client|RequestOptions)\.php$/],
    ['how is `connect_timeout` applied?', /^src\/Handler\/(CurlFactory|StreamHandler)\.php$/],
    ['what is GUZZLE_CURL_SELECT_TIMEOUT?', /^src\/Handler\/CurlMultiHandler\.php$/],
    ['what does `track_redirects` do?', /^src\/RedirectMiddleware\.php$/],
  ],
  express: [
    ["what does the 'json spaces' setting do?", /^lib\/(response|application)\.js$/],
    ["where is the 'subdomain offset' setting read?", /^lib\/request\.js$/],
    ['how does NODE_ENV change what express does?', /^lib\/application\.js$/],
    ["what does 'x-powered-by' do?", /^lib\/application\.js$/],
  ],
  gin: [
    ['where is GIN_MODE read?', /^mode\.go$/],
    ['what does `RedirectTrailingSlash` do?', /^gin\.go$/],
    ['what does `RemoteIPHeaders` do?', /^(context|gin)\.go$/],
    ['what does `MaxMultipartMemory` do?', /^(context|gin)\.go$/],
    ['what does the `nomsgpack` build tag do?', /^(binding\/binding_nomsgpack|binding\/binding|render\/msgpack|binding\/msgpack)\.go$/],
  ],
  fastapi: [
    ['what does `separate_input_output_schemas` do?', /^fastapi\/(openapi\/utils|applications|_compat\/v2)\.py$/],
    ['what does `swagger_ui_parameters` do?', /^fastapi\/(openapi\/docs|applications)\.py$/],
    ['what does `root_path_in_servers` do?', /^fastapi\/applications\.py$/],
    ['where is FASTAPI_ENV read?', /^fastapi\/routing\.py$/],
  ],
  flask: [
    ['what does SEND_FILE_MAX_AGE_DEFAULT do?', /^src\/flask\/(app|blueprints)\.py$/],
    ['what does TRAP_HTTP_EXCEPTIONS do?', /^src\/flask\/(sansio\/)?app\.py$/],
    ['where is FLASK_SKIP_DOTENV read?', /^src\/flask\/(helpers|cli)\.py$/],
    ['what does `flask run --cert` do?', /^src\/flask\/cli\.py$/],
    ['what does EXPLAIN_TEMPLATE_LOADING do?', /^src\/flask\/(templating|debughelpers)\.py$/],
  ],
  requests: [
    ['where is REQUESTS_CA_BUNDLE read?', /^src\/requests\/sessions\.py$/],
    ['what does `trust_env` do?', /^src\/requests\/(sessions|utils)\.py$/],
    ['how is the NETRC environment variable used?', /^src\/requests\/utils\.py$/],
  ],
  zod: [
    ['what does `jitless` do in z.config?', /^packages\/zod\/src\/v4\/core\/(core|schemas|util)\.ts$/],
    ['what does `reportInput` do?', /^packages\/zod\/src\/v4\/core\/(schemas|util)\.ts$/],
  ],
};
