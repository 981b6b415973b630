// Labelled questions on three repositories in shapes the other sets lack: a C interpreter (jqlang/jq),
// a TypeScript monorepo (vitejs/vite) and a PHP library (guzzle/guzzle). Each answer was found by
// reading the source (grep for the function, then its file) before any ranking on these trees was run.
import type { Labelled } from './retrieval-sets-more';

export const JQ: Labelled[] = [
  ['how are command-line options like --arg and --slurp parsed?', /^src\/main\.c$/],
  ['how does the streaming JSON parser for --stream work?', /^src\/jv_parse\.c$/],
  ['how are JSON values reference counted?', /^src\/jv\.c$/],
  ['where is the length builtin implemented?', /^src\/builtin\.c$/],
  ['where are map and select defined?', /^src\/builtin\.jq$/],
  ['how does the interpreter backtrack?', /^src\/execute\.c$/],
  ['how are modules found on the library search path?', /^src\/linker\.c$/],
  ['how is output colored with JQ_COLORS?', /^src\/(jv_print|main)\.c$/],
  ['how does setpath update a nested value?', /^src\/jv_aux\.c$/],
  ['where is the grammar of jq filters defined?', /^src\/parser\.(y|c)$/],
  ['how is UTF-8 decoded and validated?', /^src\/jv_unicode\.c$/],
  ['how are regular expressions matched?', /^src\/builtin\.c$/],
  ['how are error locations in a jq program reported?', /^src\/locfile\.c$/],
  ['how does jq --run-tests run the test files?', /^src\/jq_test\.c$/],
  ['how are values sorted and compared?', /^src\/jv_aux\.c$/],
  ['what happens when memory allocation fails?', /^src\/jv_alloc\.c$/],
  ['how are function closures compiled into bytecode?', /^src\/compile\.c$/],
  ['how are input files read one after another?', /^src\/util\.c$/],
  ['how are @base64 and the other format strings implemented?', /^src\/builtin\.c$/],
];

const VITE_NODE = 'packages\\/vite\\/src\\/node\\/';
const vite = (files: string): RegExp => new RegExp(`^${VITE_NODE}(${files})\\.ts$`);

export const VITE: Labelled[] = [
  ['how is vite.config.ts loaded?', vite('config')],
  ['how are .env files loaded?', vite('env')],
  ['how does HMR find which modules accept an update?', vite('server\\/hmr')],
  ['how is the error overlay displayed in the browser?', /^packages\/vite\/src\/client\/overlay\.ts$/],
  ['how does dependency pre-bundling scan imports?', vite('optimizer\\/(scan|index|optimizer)')],
  ['how does import.meta.glob work?', vite('plugins\\/importMetaGlob')],
  ['how are CSS modules compiled?', vite('plugins\\/css')],
  ['how are bare imports resolved to node_modules?', vite('plugins\\/resolve|nodeResolve')],
  ['what happens when the dev server port is already in use?', vite('http|server\\/index')],
  ['how does the server.proxy option forward requests?', vite('server\\/middlewares\\/proxy')],
  ['how is index.html transformed in dev?', vite('server\\/middlewares\\/indexHtml|plugins\\/html')],
  ['how are asset URLs rewritten in the build output?', vite('plugins\\/asset')],
  ['how is the build manifest generated?', vite('plugins\\/manifest')],
  ['how does vite preview serve the dist folder?', vite('preview')],
  ['how does the browser client reconnect to the dev server websocket?', /^packages\/vite\/src\/client\/client\.ts$/],
  ['how is import.meta.env replaced at build time?', vite('plugins\\/define')],
  ['how does the module runner evaluate modules for SSR?', /^packages\/vite\/src\/module-runner\/(runner|esmEvaluator)\.ts$/],
  ['how does create-vite ask which template to use?', /^packages\/create-vite\/src\/index\.ts$/],
];

export const GUZZLE: Labelled[] = [
  ['how are failed requests retried?', /^src\/RetryMiddleware\.php$/],
  ['how are redirects followed?', /^src\/RedirectMiddleware\.php$/],
  ['how are cookies stored between requests?', /^src\/Cookie\/CookieJar\.php$/],
  ['how does the curl handler send a request?', /^src\/Handler\/Curl(Handler|Factory)\.php$/],
  ['how are many requests sent concurrently with a pool?', /^src\/Pool\.php$/],
  ['how are mock responses queued for tests?', /^src\/Handler\/MockHandler\.php$/],
  ['how is the middleware stack built?', /^src\/HandlerStack\.php$/],
  ['how are exceptions thrown for 4xx and 5xx responses?', /^src\/(Middleware|Exception\/RequestException)\.php$/],
  ['how is base_uri combined with the request URI?', /^src\/Client\.php$/],
  ['how is the request timeout applied?', /^src\/Handler\/(CurlFactory|StreamHandler)\.php$/],
  ['how are form params and multipart bodies encoded?', /^src\/Client\.php$/],
  ['how is a proxy configured for a request?', /^src\/Handler\/(CurlFactory|StreamHandler)\.php$/],
  ['how are log messages formatted?', /^src\/MessageFormatter\.php$/],
  ['where is the Content-Length header added?', /^src\/PrepareBodyMiddleware\.php$/],
  ['how are SSL certificates verified?', /^src\/(Handler\/(CurlFactory|StreamHandler)|Utils)\.php$/],
  ['how are response headers parsed?', /^src\/Handler\/(HeaderProcessor|EasyHandle)\.php$/],
  ['how does the cookie jar persist to a file?', /^src\/Cookie\/FileCookieJar\.php$/],
];
