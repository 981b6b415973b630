// Labelled questions on three more repositories in shapes the other sets lack: a C++ header-only library whose
// whole source is also amalgamated into one 25 K-line header (nlohmann/json), a Swift library with generated
// HTML API docs beside its sources (Alamofire/Alamofire), and a TypeScript monorepo of a library, its docs site,
// benchmarks and two major versions side by side (colinhacks/zod). Each answer was found by reading the source
// (grep for the function, then its file) before any ranking on these trees was run. nlohmann/json's answers are
// the split headers under include/: single_include/nlohmann/json.hpp holds the same code, generated from them,
// and counts as a miss, since a developer editing or citing it is sent to the wrong file.
import type { Labelled } from './retrieval-sets-more';

const JSON_DETAIL = 'include\\/nlohmann\\/detail\\/';
const detail = (files: string): RegExp => new RegExp(`^${JSON_DETAIL}(${files})\\.hpp$`);
const BASIC_JSON = /^include\/nlohmann\/json\.hpp$/;

export const NLOHMANN_JSON: Labelled[] = [
  ['how are doubles converted to the shortest decimal string?', detail('conversions\\/to_chars')],
  ['how does the lexer decode \\u escapes and surrogate pairs?', detail('input\\/lexer')],
  ['how are comments skipped when parsing?', detail('input\\/lexer')],
  ['how is a value written as CBOR?', detail('output\\/binary_writer')],
  ['how does from_msgpack read MessagePack input?', detail('input\\/binary_reader')],
  ['how does a JSON pointer like /a/b/0 find the value?', detail('json_pointer')],
  ['how is a JSON patch applied?', BASIC_JSON],
  ['how does merge_patch merge two objects?', BASIC_JSON],
  ['how does dump handle invalid UTF-8 in strings?', detail('output\\/serializer')],
  ['how does get<std::vector<int>>() convert a JSON array?', detail('conversions\\/from_json')],
  ['how does NLOHMANN_DEFINE_TYPE_INTRUSIVE generate to_json and from_json?', detail('macro_scope')],
  ['how does ordered_json keep keys in insertion order?', /^include\/nlohmann\/ordered_map\.hpp$/],
  ['how is the message of a parse_error built?', detail('exceptions')],
  ['how does the SAX DOM parser build a value from events?', detail('input\\/json_sax')],
  ['how is the hash of a json value computed?', detail('hash')],
  ['how does items() give the key and the value in a range-for loop?', detail('iterators\\/iteration_proxy')],
  ['how is input read from an istream or a FILE pointer?', detail('input\\/input_adapters')],
  ['how does a parser callback filter values while parsing?', detail('input\\/(parser|json_sax)')],
  ['how is the single header generated from the split headers?', /^(tools\/amalgamate\/amalgamate\.py|Makefile)$/],
  ['where are the tests for CBOR?', /^tests\/src\/unit-cbor\.cpp$/],
];

const AF_CORE = 'Source\\/Core\\/';
const AF_FEATURES = 'Source\\/Features\\/';
const core = (files: string): RegExp => new RegExp(`^${AF_CORE}(${files})\\.swift$`);
const feature = (files: string): RegExp => new RegExp(`^${AF_FEATURES}(${files})\\.swift$`);

export const ALAMOFIRE: Labelled[] = [
  ['how does the retry policy decide whether to retry a failed request?', feature('RetryPolicy')],
  ['how are responses validated against acceptable status codes?', feature('Validation')],
  ['how is a multipart form body encoded?', feature('MultipartFormData|MultipartUpload')],
  ['how is server trust evaluated for certificate pinning?', feature('ServerTrustEvaluation')],
  ['how does the authentication interceptor refresh an expired credential?', feature('AuthenticationInterceptor')],
  ['how are query string parameters percent-escaped?', new RegExp(`^(${AF_CORE}ParameterEncoding|${AF_FEATURES}URLEncodedFormEncoder)\\.swift$`)],
  ['how is a JSON response decoded into a Decodable type?', feature('ResponseSerialization')],
  ['how does network reachability monitoring work?', feature('NetworkReachabilityManager')],
  ['how are redirects handled?', feature('RedirectHandler')],
  ['how does a Session create a request and start its task?', core('Session')],
  ['how are URLSession delegate callbacks forwarded to requests?', core('SessionDelegate')],
  ['how is a download resumed with resume data?', core('DownloadRequest')],
  ['how is mutable state protected with a lock?', core('Protected')],
  ['how does the async await API return a response?', feature('Concurrency')],
  ['what errors can Alamofire throw?', core('AFError')],
  ['how is the request body compressed with deflate?', feature('RequestCompression')],
  ['how are the default User-Agent and Accept-Language headers built?', core('HTTPHeaders')],
  ['how are event monitors told about request lifecycle events?', feature('EventMonitor')],
  ['how do I upload multipart form data?', /^Documentation\/(Usage|AdvancedUsage)\.md$/],
  ['where are the tests for the retry policy?', /^Tests\/RetryPolicyTests\.swift$/],
];

const ZOD_V4 = 'packages\\/zod\\/src\\/v4\\/';
const ZOD_V3 = 'packages\\/zod\\/src\\/v3\\/';
const v4 = (files: string): RegExp => new RegExp(`^${ZOD_V4}(${files})\\.ts$`);

export const ZOD: Labelled[] = [
  ['how does a discriminated union pick the option for the discriminator value?', new RegExp(`^(${ZOD_V4}core\\/(schemas|compile)|${ZOD_V3}types)\\.ts$`)],
  ['how is a schema converted to JSON Schema?', v4('core\\/(to-json-schema|json-schema-processors|json-schema-generator)')],
  ['how does flattenError group issues by field?', v4('core\\/errors')],
  ['how does z.coerce.number convert its input?', v4('core\\/schemas|classic\\/coerce')],
  ['where is the email regular expression defined?', v4('core\\/regexes')],
  ['how does safeParse return an error without throwing?', v4('core\\/parse')],
  ['how does superRefine add custom issues?', v4('classic\\/schemas|core\\/(api|checks)')],
  ['how are error messages translated into other languages?', v4('locales\\/[\\w-]+|core\\/(config|core)')],
  ['how does object parsing strip unknown keys?', v4('core\\/(schemas|compile)')],
  ['how does z.lazy support recursive schemas?', v4('core\\/schemas')],
  ['how is a schema compiled into a fast validation function?', v4('core\\/(compile|doc)')],
  ['how do codecs encode and decode in both directions?', v4('core\\/(schemas|parse)')],
  ['how does a registry store metadata for schemas?', v4('core\\/registries')],
  ['how is a JSON Schema turned back into a zod schema?', v4('classic\\/from-json-schema')],
  ['how is the output type of a schema inferred?', v4('core\\/core|classic\\/in-out')],
  ['how does a minimum length check on strings work?', v4('core\\/checks')],
  ['how does z.stringbool parse "true" and "false"?', v4('core\\/api|classic\\/schemas')],
  ['how do I customize error messages?', /^packages\/docs\/content\/error-customization\.mdx$/],
  ['when should I use Zod Mini instead of Zod?', /^packages\/docs\/content\/packages\/mini\.mdx$/],
  ['where are the tests for discriminated unions?', /^packages\/zod\/src\/(v4\/classic|v3)\/tests\/discriminated-unions\.test\.ts$/],
];
