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

// Three more (pallets/click, BurntSushi/ripgrep, spf13/cobra), written on 2026-11-26 from
// knowledge of the projects and their file lists only, before any ranking was looked at.
export const CLICK: Labelled[] = [
  ['how are option defaults read from environment variables?', /^src\/click\/core\.py$/],
  ['how does the progress bar render?', /^src\/click\/_termui_impl\.py$/],
  ['how are shell completion scripts generated?', /^src\/click\/shell_completion\.py$/],
  ['how does CliRunner capture output in tests?', /^src\/click\/testing\.py$/],
  ['how does prompt hide the input of a password?', /^src\/click\/termui\.py$/],
  ['how is a file path parameter validated?', /^src\/click\/types\.py$/],
  ['how are command line arguments split into options and arguments?', /^src\/click\/parser\.py$/],
  ['how does click open an editor to edit text?', /^src\/click\/(termui|_termui_impl)\.py$/],
  ['how are ANSI colors applied to text?', /^src\/click\/termui\.py$/],
  ['how does the version option find the package version?', /^src\/click\/decorators\.py$/],
  ['how is the help text formatted and wrapped?', /^src\/click\/(formatting|_textwrap)\.py$/],
  ['what happens when the user presses ctrl-c during a command?', /^src\/click\/(core|exceptions)\.py$/],
  ['how does a group dispatch to its subcommands?', /^src\/click\/core\.py$/],
  ['how does click write unicode to the Windows console?', /^src\/click\/_winconsole\.py$/],
  ['how are the values of a Choice parameter checked?', /^src\/click\/types\.py$/],
];

export const RIPGREP: Labelled[] = [
  ['how does ripgrep detect binary files?', /^crates\/searcher\/src\//],
  ['how are gitignore rules matched?', /^crates\/ignore\/src\/gitignore\.rs$/],
  ['how is the directory tree walked in parallel?', /^crates\/ignore\/src\/walk\.rs$/],
  ['where are the default file types defined?', /^crates\/ignore\/src\/default_types\.rs$/],
  ['how are glob patterns converted to regular expressions?', /^crates\/globset\/src\/glob\.rs$/],
  ['how are search results printed as JSON?', /^crates\/printer\/src\/jsont?\.rs$/],
  ['when does ripgrep use memory maps?', /^crates\/searcher\/src\/searcher\/mmap\.rs$/],
  ['how are compressed files searched?', /^crates\/cli\/src\/decompress\.rs$/],
  ['how does smart case decide case sensitivity?', /^crates\/regex\/src\/(config|ast)\.rs$/],
  ['how are context lines before and after a match printed?', /^crates\/(searcher\/src\/searcher\/core|printer\/src\/standard)\.rs$/],
  ['how are the colors of matches configured?', /^crates\/printer\/src\/color\.rs$/],
  ['how does the line buffer grow when reading large files?', /^crates\/searcher\/src\/line_buffer\.rs$/],
  ['how are hyperlinks to files formatted?', /^crates\/printer\/src\/hyperlink\//],
  ['how is UTF-16 text transcoded before searching?', /^crates\/searcher\/src\/searcher\/mod\.rs$/],
  ['where are the command line flags defined?', /^crates\/core\/flags\/defs\.rs$/],
  ['how are shell completions generated for zsh?', /^crates\/core\/flags\/complete\//],
];

export const COBRA: Labelled[] = [
  ['how does a command find the subcommand to run from the arguments?', /^command\.go$/],
  ['how are positional arguments validated?', /^args\.go$/],
  ['how are bash completions generated?', /^bash_completions(V2)?\.go$/],
  ['how are mutually exclusive flags enforced?', /^flag_groups\.go$/],
  ['how does the help command print usage?', /^command\.go$/],
  ['how are dynamic completions requested from the program?', /^completions\.go$/],
  ['how are man pages generated?', /^doc\/man_docs\.go$/],
  ['how are markdown docs generated for a command tree?', /^doc\/md_docs\.go$/],
  ['how does cobra suggest a command when the name is mistyped?', /^(command|cobra)\.go$/],
  ['how do persistent pre-run hooks run for parent commands?', /^command\.go$/],
  ['how does active help add messages to completions?', /^active_help\.go$/],
  ['how are fish completions written?', /^fish_completions\.go$/],
  ['how are flags parsed from the command line?', /^command\.go$/],
  ['how does cobra detect that it was started from the Windows explorer?', /^command_win\.go$/],
  ['how are command aliases matched?', /^command\.go$/],
];
