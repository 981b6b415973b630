// What users paste rather than ask: an error message as the program printed it (placeholders filled in), a stack trace
// with the paths of the user's machine (site-packages, node_modules, C:\Users\…, stale line numbers), a log line, a CLI
// flag, a config key, an identifier in backticks, "what calls X?". The strings were taken from the trees' sources (the
// raise/throw/panic/log call) and each label names the file that raises or defines the message, or for "what calls X"
// the callers. Written, labels included, before any of them was ranked.
import type { Labelled } from './retrieval-sets-more';

export const PASTED: Record<string, Labelled[]> = {
  flask: [
    [
      'RuntimeError: The session is unavailable because no secret key was set.  Set the secret_key on the application to something unique and secret.',
      /^src\/flask\/sessions\.py$/,
    ],
    ['AssertionError: View function mapping is overwriting an existing endpoint function: index', /^src\/flask\/sansio\/app\.py$/],
    [
      `Traceback (most recent call last):
  File "/home/u/venv/lib/python3.12/site-packages/flask/app.py", line 1511, in wsgi_app
    response = self.full_dispatch_request()
  File "/home/u/venv/lib/python3.12/site-packages/flask/app.py", line 919, in full_dispatch_request
    rv = self.handle_user_exception(e)
  File "/home/u/venv/lib/python3.12/site-packages/flask/app.py", line 917, in full_dispatch_request
    rv = self.dispatch_request()
  File "/home/u/proj/views.py", line 12, in index
    return render(user)
KeyError: 'user'`,
      /^src\/flask\/app\.py$/,
    ],
    [
      "ValueError: The name 'auth' is already registered for a different blueprint. Use 'name=' to provide a unique name.",
      /^src\/flask\/sansio\/blueprints\.py$/,
    ],
    ['what calls `full_dispatch_request`?', /^src\/flask\/app\.py$/],
    ['where is `SESSION_COOKIE_SAMESITE` read?', /^src\/flask\/sessions\.py$/],
  ],
  requests: [
    ['requests.exceptions.TooManyRedirects: Exceeded 30 redirects.', /^src\/requests\/sessions\.py$/],
    ['RuntimeError: The content for this response was already consumed', /^src\/requests\/models\.py$/],
    ['why do I get "requests.exceptions.InvalidSchema: Missing dependencies for SOCKS support."?', /^src\/requests\/adapters\.py$/],
    [
      `Traceback (most recent call last):
  File "/home/u/proj/fetch.py", line 8, in <module>
    r = requests.get(url, timeout=3)
  File "/usr/lib/python3/dist-packages/requests/api.py", line 73, in get
    return request("get", url, params=params, **kwargs)
  File "/usr/lib/python3/dist-packages/requests/api.py", line 59, in request
    return session.request(method=method, url=url, **kwargs)
  File "/usr/lib/python3/dist-packages/requests/sessions.py", line 589, in request
    resp = self.send(prep, **send_kwargs)
  File "/usr/lib/python3/dist-packages/requests/sessions.py", line 703, in send
    r = adapter.send(request, **kwargs)
  File "/usr/lib/python3/dist-packages/requests/adapters.py", line 713, in send
    raise ReadTimeout(e, request=request)
requests.exceptions.ReadTimeout: HTTPSConnectionPool(host='api.example.com', port=443): Read timed out. (read timeout=3)`,
      /^src\/requests\/adapters\.py$/,
    ],
    ['what calls get_netrc_auth?', /^src\/requests\/sessions\.py$/],
  ],
  click: [
    ["Error: No such option '--colour'. Did you mean '--color'?", /^src\/click\/exceptions\.py$/],
    ['Error: Got unexpected extra arguments (foo bar)', /^src\/click\/core\.py$/],
    ['RuntimeError: There is no active click context.', /^src\/click\/globals\.py$/],
    ["TypeError: 'count' is not valid with 'multiple'.", /^src\/click\/core\.py$/],
  ],
  express: [
    ['Error: Failed to lookup view "index" in views directory "/home/u/app/views"', /^lib\/application\.js$/],
    ['TypeError: app.use() requires a middleware function', /^lib\/application\.js$/],
    ['why do I get `Error: cookieParser("secret") required for signed cookies`?', /^lib\/response\.js$/],
    [
      `TypeError: path must be absolute or specify root to res.sendFile
    at ServerResponse.sendFile (/home/u/app/node_modules/express/lib/response.js:395:11)
    at /home/u/app/server.js:12:7
    at Layer.handle [as handle_request] (/home/u/app/node_modules/router/lib/layer.js:152:17)
    at next (/home/u/app/node_modules/router/lib/route.js:157:13)`,
      /^lib\/response\.js$/,
    ],
    ['Error: No default engine was specified and no extension was provided.', /^lib\/view\.js$/],
    ['where is the `x-powered-by` header set?', /^lib\/application\.js$/],
  ],
  axios: [
    ['AxiosError: Request failed with status code 404', /^lib\/core\/settle\.js$/],
    ['AxiosError: maxContentLength size of 2000 exceeded', /^lib\/adapters\/http\.js$/],
    [
      `AxiosError: Network Error
    at XMLHttpRequest.handleError (webpack-internal:///./node_modules/axios/lib/adapters/xhr.js:110:14)
    at Axios.request (C:\\Users\\me\\app\\node_modules\\axios\\lib\\core\\Axios.js:45:41)
    at async loadUsers (C:\\Users\\me\\app\\src\\api.js:7:17)`,
      /^lib\/adapters\/xhr\.js$/,
    ],
    ['what calls settle()?', /^lib\/adapters\/(xhr|http|fetch)\.js$/],
  ],
  babel: [
    ['SyntaxError: /home/u/app/src/index.js: Missing semicolon. (3:7)', /babel-parser\/src\/(parse-error\/standard-errors|parser\/util)\.ts$/],
    [
      'Error: Multiple configuration files found. Please remove one:\n - babel.config.js\n - babel.config.json\nfrom /home/u/app',
      /babel-core\/src\/config\/files\/configuration\.ts$/,
    ],
    ['Error: Duplicate plugin/preset detected.', /babel-core\/src\/config\/config-descriptors\.ts$/],
    [
      `SyntaxError: Unexpected reserved word 'await'. (4:2)
    at constructor (/home/u/proj/node_modules/@babel/parser/lib/index.js:367:19)
    at Parser.raise (packages/babel-parser/src/tokenizer/index.ts:1464:19)
    at Parser.checkReservedWord (packages/babel-parser/src/parser/expression.ts:2823:12)
    at Parser.parseIdentifier (packages/babel-parser/src/parser/expression.ts:2712:10)
    at Parser.parseStatementContent (packages/babel-parser/src/parser/statement.ts:480:21)`,
      /babel-parser\/src\/parser\/expression\.ts$/,
    ],
    ['Error: .foo is not a valid Plugin property', /babel-core\/src\/config\/validation\/plugins\.ts$/],
  ],
  gin: [
    ["panic: handlers are already registered for path '/users/:id'", /^tree\.go$/],
    [
      "panic: ':id' in new path '/users/:id' conflicts with existing wildcard ':name' in existing prefix '/users/:name'",
      /^tree\.go$/,
    ],
    ['[GIN-debug] [WARNING] You trusted all proxies, this is NOT safe. We recommend you to set a value.', /^gin\.go$/],
    ['[GIN-debug] [WARNING] Headers were already written. Wanted to override status code 200 with 500', /^response_writer\.go$/],
    ['panic: gin mode unknown: prod (available mode: debug release test)', /^mode\.go$/],
    [
      `panic: catch-all routes are only allowed at the end of the path in path '/static/*filepath/x'

goroutine 1 [running]:
github.com/gin-gonic/gin.(*node).insertChild(0xc0000a2000, {0x9b1a2e, 0x13}, {0x9b1a2e, 0x13}, {0xc000012345, 0x1, 0x1})
	/home/u/go/pkg/mod/github.com/gin-gonic/gin@v1.9.1/tree.go:378 +0x6a5
github.com/gin-gonic/gin.(*node).addRoute(...)
	/home/u/go/pkg/mod/github.com/gin-gonic/gin@v1.9.1/tree.go:190 +0x2fc
github.com/gin-gonic/gin.(*Engine).addRoute(0xc0000d4000, {0x9a8f43, 0x3}, {0x9b1a2e, 0x13}, {0xc000012345, 0x1, 0x1})
	/home/u/go/pkg/mod/github.com/gin-gonic/gin@v1.9.1/gin.go:358 +0x1c5
main.main()
	/home/u/proj/main.go:14 +0x85`,
      /^tree\.go$/,
    ],
  ],
  cobra: [
    ['Error: unknown command "serv" for "app"\n\nDid you mean this?\n\tserve', /^args\.go$/],
    ['Error: if any flags in the group [user password] are set they must all be set; missing [password]', /^flag_groups\.go$/],
    ['Error: accepts 1 arg(s), received 2', /^args\.go$/],
    ["RegisterFlagCompletionFunc: flag 'output' already registered", /^completions\.go$/],
    ['what calls ValidateFlagGroups?', /^command\.go$/],
    ['where is the `--help` flag added to a command?', /^command\.go$/],
  ],
  fastapi: [
    [
      "fastapi.exceptions.FastAPIError: Invalid args for response field! Hint: check that <class 'app.models.User'> is a valid Pydantic field type.",
      /^fastapi\/utils\.py$/,
    ],
    ['AssertionError: Status code 204 must not have a response body', /^fastapi\/routing\.py$/],
    ['AssertionError: Path parameters cannot have default values', /^fastapi\/dependencies\/utils\.py$/],
    ['what calls `solve_dependencies`?', /^fastapi\/routing\.py$/],
    [
      `  File "C:\\Users\\dev\\proj\\.venv\\Lib\\site-packages\\fastapi\\routing.py", line 301, in app
    solved_result = await solve_dependencies(
  File "C:\\Users\\dev\\proj\\.venv\\Lib\\site-packages\\fastapi\\dependencies\\utils.py", line 640, in solve_dependencies
    solved_result = await solve_dependencies(
  File "C:\\Users\\dev\\proj\\.venv\\Lib\\site-packages\\fastapi\\dependencies\\utils.py", line 672, in solve_dependencies
    solved = await run_in_threadpool(call, **solved_result.values)`,
      /^fastapi\/dependencies\/utils\.py$/,
    ],
  ],
  vite: [
    ['error when starting dev server:\nError: Port 5173 is already in use', /^packages\/vite\/src\/node\/http\.ts$/],
    [
      'The request id "/home/u/other/file.js" is outside of Vite serving allow list.',
      /^packages\/vite\/src\/node\/server\/middlewares\/static\.ts$/,
    ],
    ['failed to load config from /home/u/app/vite.config.ts', /^packages\/vite\/src\/node\/config\.ts$/],
    ['Error: Cannot call server.listen in middleware mode.', /^packages\/vite\/src\/node\/server\/index\.ts$/],
  ],
  zod: [
    ['Error: Encountered Promise during synchronous parse. Use .parseAsync() instead.', /^packages\/zod\/src\/v4\/core\/core\.ts$/],
    ['Invalid input: expected string, received number', /^packages\/zod\/src\/v4\/locales\/en\.ts$/],
    ['Error: Duplicate discriminator value "cat"', /^packages\/zod\/src\/v4\/core\/schemas\.ts$/],
    ['Date cannot be represented in JSON Schema', /^packages\/zod\/src\/v4\/core\/json-schema-processors\.ts$/],
  ],
  jq: [
    ['jq: error (at <stdin>:3): Cannot iterate over null (null)', /^src\/execute\.c$/],
    ['jq: error (at <stdin>:0): Cannot index string with string ("name")', /^src\/jv_aux\.c$/],
    ['jq: error: $foo is not defined at <top-level>, line 1:', /^src\/compile\.c$/],
    ['jq: error (at <stdin>:0): object ({"a":1}) and number (1) cannot be added', /^src\/builtin\.c$/],
    ['jq: error (at <unknown>): Unfinished JSON term at EOF at line 2, column 0', /^src\/jv_parse\.c$/],
    ['where is the `--slurp` option handled?', /^src\/main\.c$/],
  ],
  ripgrep: [
    ["rg: unrecognized regex engine 'pcre3'", /^crates\/core\/flags\/defs\.rs$/],
    ['rg: the literal \'"\\n"\' is not allowed in a regex', /^crates\/regex\/src\/(error|strip)\.rs$/],
    ['--no-ignore-vcs', /^crates\/core\/flags\/defs\.rs$/],
  ],
  okhttp: [
    [
      `java.net.ProtocolException: Too many follow-up requests: 21
	at okhttp3.internal.http.RetryAndFollowUpInterceptor.intercept(RetryAndFollowUpInterceptor.kt:126)
	at okhttp3.internal.http.RealInterceptorChain.proceed(RealInterceptorChain.kt:109)
	at okhttp3.internal.connection.RealCall.getResponseWithInterceptorChain$okhttp(RealCall.kt:201)
	at okhttp3.internal.connection.RealCall.execute(RealCall.kt:154)
	at com.example.Main.main(Main.java:12)`,
      /RetryAndFollowUpInterceptor\.kt$/,
    ],
    ['java.io.IOException: Content-Length (120) and stream length (80) disagree', /okhttp3\/ResponseBody\.kt$/],
    ['java.net.UnknownServiceException: CLEARTEXT communication not enabled for client', /RealRoutePlanner\.kt$/],
  ],
  newtonsoft: [
    [
      "Newtonsoft.Json.JsonSerializationException: Self referencing loop detected for property 'Parent' with type 'MyApp.Node'. Path 'Children[0]'.",
      /Serialization\/JsonSerializerInternalWriter\.cs$/,
    ],
    [
      "Newtonsoft.Json.JsonReaderException: Unexpected character encountered while parsing value: <. Path '', line 0, position 0.",
      /Newtonsoft\.Json\/JsonTextReader\.cs$/,
    ],
    [
      [
        `Newtonsoft.Json.JsonSerializationException: Cannot deserialize the current JSON object (e.g. {"name":"value"}) into type ` +
          `'System.Collections.Generic.List\`1[MyApp.Item]' because the type requires a JSON array (e.g. [1,2,3]) to deserialize correctly.`,
        '   at Newtonsoft.Json.Serialization.JsonSerializerInternalReader.CreateObject(JsonReader reader, Type objectType, JsonContract contract, ' +
          'JsonProperty member, JsonContainerContract containerContract, JsonProperty containerMember, Object existingValue) in ' +
          'C:\\Users\\dev\\src\\Newtonsoft.Json\\Src\\Newtonsoft.Json\\Serialization\\JsonSerializerInternalReader.cs:line 604',
        '   at Newtonsoft.Json.JsonSerializer.DeserializeInternal(JsonReader reader, Type objectType)',
        '   at Newtonsoft.Json.JsonConvert.DeserializeObject(String value, Type type, JsonSerializerSettings settings)',
        '   at MyApp.Program.Main(String[] args) in C:\\Users\\dev\\MyApp\\Program.cs:line 14',
      ].join('\n'),
      /Serialization\/JsonSerializerInternalReader\.cs$/,
    ],
  ],
};
