// Labelled questions on four more repositories (axios/axios, tokio-rs/axum, sinatra/sinatra, google/gson),
// written from knowledge of the projects before any result was looked at: held out from tuning.
export type Labelled = [question: string, answer: RegExp];

export const AXIOS: Labelled[] = [
  ['how are request interceptors run?', /^lib\/core\/(Axios|InterceptorManager)\.js$/],
  ['how does axios cancel a request with an AbortSignal?', /^lib\/(cancel\/|adapters\/(xhr|http|fetch)\.js|helpers\/composeSignals\.js)/],
  ['how are config objects merged?', /^lib\/core\/mergeConfig\.js$/],
  ['how is the request URL built from params?', /^lib\/helpers\/buildURL\.js$/],
  ['how are response headers parsed?', /^lib\/(helpers\/parseHeaders|core\/AxiosHeaders)\.js$/],
  ['where is the XSRF token header set?', /^lib\/(helpers\/(resolveConfig|cookies)|adapters\/xhr)\.js$/],
  ['how does the http adapter follow redirects?', /^lib\/adapters\/http\.js$/],
  ['how is upload progress reported?', /^lib\/(helpers\/progressEventReducer|adapters\/(xhr|http|fetch))\.js$/],
  ['which status codes are treated as errors?', /^lib\/(core\/settle|defaults\/index)\.js$/],
  ['how is form data converted to JSON?', /^lib\/helpers\/formDataToJSON\.js$/],
  ['how does axios choose between the xhr, http and fetch adapters?', /^lib\/adapters\/adapters\.js$/],
  ['how is request data transformed before it is sent?', /^lib\/(core\/transformData|defaults\/index)\.js$/],
];

export const AXUM: Labelled[] = [
  ['how does the router match paths?', /^axum\/src\/routing\/(path_router|mod|url_params)\.rs$/],
  ['how are path parameters extracted?', /^axum\/src\/extract\/path\//],
  ['how is a JSON request body deserialized?', /^axum\/src\/json\.rs$/],
  ['how are extractor rejections turned into responses?', /^axum(-core)?\/src\/extract\/rejection\.rs$/],
  ['how does the websocket upgrade work?', /^axum\/src\/extract\/ws\.rs$/],
  ['how is the default body limit applied?', /default_body_limit\.rs$/],
  ['how does middleware::from_fn work?', /^axum\/src\/middleware\/from_fn\.rs$/],
  ['how is shared state passed to handlers?', /^axum(-core)?\/src\/extract\/(state|from_ref)\.rs$/],
  ['how does serve accept connections from a TcpListener?', /^axum\/src\/serve\//],
  ['how are multipart uploads parsed?', /^axum(-extra)?\/src\/extract\/multipart\.rs$/],
  ['how are nested routers merged?', /^axum\/src\/routing\/(mod|path_router)\.rs$/],
  ['how does debug_handler report errors at compile time?', /^axum-macros\/src\/debug_handler\.rs$/],
  ['how are signed cookies verified?', /^axum-extra\/src\/extract\/cookie\/signed\.rs$/],
  ['what happens when no route matches a request?', /^axum\/src\/routing\/(mod|path_router)\.rs$/],
];

export const SINATRA: Labelled[] = [
  ['how are routes compiled into patterns?', /^lib\/sinatra\/base\.rb$/],
  ['how does the session hijacking protection work?', /session_hijacking\.rb$/],
  ['how are templates rendered?', /^lib\/sinatra\/base\.rb$/],
  ['how does the reloader reload changed files?', /^sinatra-contrib\/lib\/sinatra\/reloader\.rb$/],
  ['how are settings loaded from a config file?', /^sinatra-contrib\/lib\/sinatra\/config_file\.rb$/],
  ['how is the authenticity token checked?', /protection\/authenticity_token\.rb$/],
  ['how does streaming a response work?', /^(lib\/sinatra\/base|sinatra-contrib\/lib\/sinatra\/streaming)\.rb$/],
  ['how are namespaces defined?', /^sinatra-contrib\/lib\/sinatra\/namespace\.rb$/],
  ['how is halt implemented?', /^lib\/sinatra\/base\.rb$/],
  ['how does the path traversal protection clean paths?', /protection\/path_traversal\.rb$/],
  ['how are JSON responses generated?', /^sinatra-contrib\/lib\/sinatra\/json\.rb$/],
  ['how is the content security policy header built?', /protection\/content_security_policy\.rb$/],
  ['how are error handlers invoked for exceptions?', /^lib\/sinatra\/(base|show_exceptions)\.rb$/],
  ['how are cookies read and written?', /^sinatra-contrib\/lib\/sinatra\/cookies\.rb$/],
];

const G = 'gson/src/main/java/com/google/gson';

export const GSON: Labelled[] = [
  ['how does Gson.toJson serialize an object?', new RegExp(`^${G}/Gson\\.java$`)],
  ['how are fields excluded from serialization?', new RegExp(`^${G}/(internal/Excluder|ExclusionStrategy)\\.java$`)],
  ['how does JsonReader parse numbers?', new RegExp(`^${G}/stream/JsonReader\\.java$`)],
  ['how are type adapters looked up for a type?', new RegExp(`^${G}/Gson\\.java$`)],
  ['how does the reflective type adapter read fields?', new RegExp(`^${G}/internal/bind/ReflectiveTypeAdapterFactory\\.java$`)],
  ['how is pretty printing configured?', new RegExp(`^${G}/(GsonBuilder|FormattingStyle|stream/JsonWriter)\\.java$`)],
  ['how are enums serialized?', new RegExp(`^${G}/internal/bind/EnumTypeAdapter\\.java$`)],
  [
    'how does @SerializedName change field names?',
    new RegExp(`^${G}/(internal/bind/ReflectiveTypeAdapterFactory|annotations/SerializedName|FieldNamingPolicy)\\.java$`),
  ],
  ['how are dates formatted?', new RegExp(`^${G}/internal/bind/(DefaultDateTypeAdapter|DateTypeAdapter)\\.java$`)],
  ['how does JsonWriter escape strings?', new RegExp(`^${G}/stream/JsonWriter\\.java$`)],
  ['how is a JsonObject stored internally?', new RegExp(`^${G}/(JsonObject|internal/LinkedTreeMap)\\.java$`)],
  ['what does GsonBuilder.setLenient do?', new RegExp(`^${G}/GsonBuilder\\.java$`)],
  ['how are collections deserialized?', new RegExp(`^${G}/internal/bind/CollectionTypeAdapterFactory\\.java$`)],
  ['how are classes without a no-args constructor instantiated?', new RegExp(`^${G}/internal/(ConstructorConstructor|UnsafeAllocator)\\.java$`)],
];
