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

// Three more shapes, written the same way (answers found by reading the source, before any ranking on
// these trees was run): a C# library (JamesNK/Newtonsoft.Json), a Kotlin multi-module project
// (square/okhttp) and a Python project whose tree is mostly documentation, in thirteen languages, and
// its examples (fastapi/fastapi: the "how do I" questions are answered by docs/en or docs_src).
const NJ = 'Src\\/Newtonsoft\\.Json\\/';
const nj = (files: string): RegExp => new RegExp(`^${NJ}(${files})\\.cs$`);

export const NEWTONSOFT: Labelled[] = [
  ['how does the serializer detect reference loops?', nj('Serialization\\/JsonSerializerInternalWriter')],
  ['how are property names converted to camel case?', nj('Serialization\\/CamelCaseNamingStrategy|Utilities\\/StringUtils')],
  ['how does JsonTextReader parse numbers?', nj('JsonTextReader')],
  ['how are enums serialized as strings?', nj('Converters\\/StringEnumConverter')],
  ['how are ISO 8601 date strings parsed?', nj('Utilities\\/DateTime(Utils|Parser)')],
  ['where is the $type property written when TypeNameHandling is on?', nj('Serialization\\/JsonSerializerInternalWriter')],
  ['how is XML converted to JSON?', nj('Converters\\/XmlNodeConverter')],
  ['how are JSONPath filter expressions parsed?', nj('Linq\\/JsonPath\\/JPath')],
  ['how does JObject.Merge combine two objects?', nj('Linq\\/(JContainer|JObject)')],
  ['how does the contract resolver decide which members get serialized?', nj('Serialization\\/DefaultContractResolver')],
  ['how are strings escaped when JSON is written?', nj('Utilities\\/JavaScriptUtils')],
  ['what happens when a required property is missing from the JSON?', nj('Serialization\\/JsonSerializerInternalReader')],
  ['how are objects with a parameterized constructor deserialized?', nj('Serialization\\/(JsonSerializerInternalReader|DefaultContractResolver)')],
  ['how does an error handler let serialization continue after an error?', nj('Serialization\\/(JsonSerializerInternalBase|ErrorContext)')],
  ["where is the reader's MaxDepth enforced?", nj('JsonReader')],
  ['how is a JSON schema generated from a .NET type?', nj('Schema\\/JsonSchemaGenerator')],
  ['how are Unix timestamps converted to DateTime?', nj('Converters\\/UnixDateTimeConverter')],
  ['how are property getters compiled for fast access?', nj('Utilities\\/(Expression|Dynamic)ReflectionDelegateFactory')],
  ['how does a ShouldSerialize method control whether a property is written?', nj('Serialization\\/(DefaultContractResolver|JsonSerializerInternalWriter)')],
  ['how does JsonTextWriter indent its output?', nj('JsonTextWriter|JsonWriter')],
];

const OK = 'okhttp\\/src\\/commonJvmAndroid\\/kotlin\\/okhttp3\\/';
const ok = (files: string): RegExp => new RegExp(`^${OK}(${files})\\.kt$`);

export const OKHTTP: Labelled[] = [
  ['how are idle connections evicted from the connection pool?', ok('internal\\/connection\\/RealConnectionPool|ConnectionPool')],
  ['how are redirects followed?', ok('internal\\/http\\/RetryAndFollowUpInterceptor')],
  ['how does the cache decide whether a cached response can be used?', ok('internal\\/cache\\/CacheStrategy')],
  ['how does certificate pinning work?', ok('CertificatePinner')],
  ['how many requests can run at once for one host?', ok('Dispatcher')],
  ['where are gzip responses decompressed?', ok('internal\\/http\\/BridgeInterceptor')],
  ['how are HTTP/2 headers compressed with HPACK?', ok('internal\\/http2\\/Hpack')],
  ['how does a web socket send pings to keep the connection alive?', ok('internal\\/ws\\/RealWebSocket')],
  ['how does the logging interceptor redact sensitive headers?', /^okhttp-logging-interceptor\/src\/main\/kotlin\/okhttp3\/logging\/HttpLoggingInterceptor\.kt$/],
  ['how are server-sent events parsed?', /^okhttp-sse\/src\/main\/kotlin\/okhttp3\/sse\/internal\/ServerSentEventReader\.kt$/],
  ['how is the hostname verified against the server certificate?', ok('internal\\/tls\\/OkHostnameVerifier')],
  ['how does DNS over HTTPS resolve a hostname?', /^okhttp-dnsoverhttps\/src\/main\/kotlin\/okhttp3\/dnsoverhttps\/DnsOverHttps\.kt$/],
  ['how are URL path segments percent-encoded?', ok('internal\\/url\\/-Url|HttpUrl')],
  ['how does happy eyeballs race connections to several IP addresses?', ok('internal\\/connection\\/(FastFallbackExchangeFinder|InetAddressOrder)')],
  ['how does MockWebServer pick the next queued response?', /^mockwebserver[^/]*\/src\/main\/kotlin\/.*\/QueueDispatcher\.kt$/],
  ['what happens when the server answers 401 Unauthorized?', ok('internal\\/http\\/RetryAndFollowUpInterceptor|Authenticator')],
  ['how is a chunked request body written over HTTP/1.1?', ok('internal\\/http1\\/Http1ExchangeCodec')],
  ['how are cached responses stored on disk?', ok('internal\\/cache\\/DiskLruCache|Cache')],
  ['how is the whole call timeout enforced?', ok('internal\\/connection\\/RealCall')],
  ['how is a Set-Cookie header parsed?', ok('Cookie')],
];

export const FASTAPI: Labelled[] = [
  ['how are dependencies with yield cleaned up after the response?', /^fastapi\/(dependencies\/utils|routing)\.py$/],
  ['how is the OpenAPI schema generated?', /^fastapi\/openapi\/utils\.py$/],
  ['how are request validation errors turned into a 422 response?', /^fastapi\/(exception_handlers|applications)\.py$/],
  ['how does jsonable_encoder convert objects to JSON-compatible data?', /^fastapi\/encoders\.py$/],
  ['how does OAuth2PasswordBearer read the bearer token?', /^fastapi\/security\/oauth2\.py$/],
  ['how is the Swagger UI page generated?', /^fastapi\/openapi\/docs\.py$/],
  ['how are endpoint parameters classified as query, path or body parameters?', /^fastapi\/dependencies\/utils\.py$/],
  ['how does the response model filter the returned data?', /^fastapi\/routing\.py$/],
  ['how are sync path operation functions run in a thread pool?', /^fastapi\/(routing|concurrency|dependencies\/utils)\.py$/],
  ['how does APIKeyHeader read the API key?', /^fastapi\/security\/api_key\.py$/],
  ['how are HTTP Basic credentials decoded?', /^fastapi\/security\/http\.py$/],
  ['how are form fields and uploaded files read from the request?', /^fastapi\/(dependencies\/utils|routing)\.py$/],
  ['how are server-sent events formatted?', /^fastapi\/sse\.py$/],
  ["how does include_router add a router's routes with a prefix?", /^fastapi\/(routing|applications)\.py$/],
  ['how do I enable CORS?', /^(docs\/en\/docs\/tutorial\/cors\.md|docs_src\/cors\/.*)$/],
  ['how do I deploy FastAPI in a Docker container?', /^docs\/en\/docs\/deployment\/docker\.md$/],
  ['how do I test my app with TestClient?', /^(docs\/en\/docs\/tutorial\/testing\.md|docs_src\/app_testing\/.*)$/],
  ['how do I read settings from environment variables?', /^(docs\/en\/docs\/(advanced\/settings|environment-variables)\.md|docs_src\/settings\/.*)$/],
  ['how do I override a dependency in tests?', /^(docs\/en\/docs\/advanced\/testing-dependencies\.md|docs_src\/dependency_testing\/.*)$/],
  ['how do I protect an endpoint with OAuth2 and JWT tokens?', /^(docs\/en\/docs\/tutorial\/security\/oauth2-jwt\.md|docs_src\/security\/tutorial00[45].*)$/],
];
