// Held-out set 7: three kinds of repository no earlier set covers, an Elixir database library (elixir-ecto/ecto at
// c624abf, lib/ecto/ with a query builder per clause), a C# logging library (serilog/serilog at 60935b4, src/Serilog/
// with sinks, policies and settings) and a Python template engine (pallets/jinja at 5ef7011, src/jinja2/, one module per
// stage: lexer, parser, compiler, runtime). Questions a newcomer would ask, labelled from the sources before any ranking
// on these trees was run; never tuned on.
import type { Labelled } from './retrieval-sets-more';

const ecto = (files: string): RegExp => new RegExp(`^lib\\/(${files})\\.ex$`);

export const ECTO: Labelled[] = [
  ['how does a changeset validate required fields?', ecto('ecto\\/changeset')],
  ['how are changeset errors traversed into messages?', ecto('ecto\\/changeset')],
  ['how does Repo.insert run a changeset?', ecto('ecto\\/repo\\/schema')],
  ['how are associations preloaded?', ecto('ecto\\/repo\\/preloader')],
  ['how does Ecto.Multi run its operations in a transaction?', ecto('ecto\\/multi')],
  ['how is the where clause of a query built?', ecto('ecto\\/query\\/builder\\/filter')],
  ['how are joins built in a query?', ecto('ecto\\/query\\/builder\\/join')],
  ['how does the query planner cache prepared queries?', ecto('ecto\\/query\\/planner')],
  ['how are schema fields defined with the field macro?', ecto('ecto\\/schema')],
  ['how is a value cast to a custom type?', ecto('ecto\\/type')],
  ['how are UUIDs generated?', ecto('ecto\\/uuid')],
  ['how does Ecto.Enum map atoms to database values?', ecto('ecto\\/enum')],
  ['how are embedded schemas dumped and loaded?', ecto('ecto\\/embedded')],
  ['how do dynamic query fragments work?', ecto('ecto\\/query\\/builder\\/dynamic')],
  ['how does mix ecto.create create the database?', ecto('mix\\/tasks\\/ecto\\.create|ecto\\/adapter\\/storage')],
  ['how is optimistic locking implemented?', ecto('ecto\\/changeset')],
  ['how does a transaction get rolled back?', ecto('ecto\\/repo\\/transaction|ecto\\/repo')],
  ['how are nested associations cast with cast_assoc?', ecto('ecto\\/changeset\\/relation|ecto\\/changeset')],
  ['how is a query inspected as a string?', ecto('ecto\\/query\\/inspect')],
  ['how are unique constraint violations turned into changeset errors?', ecto('ecto\\/changeset|ecto\\/repo\\/schema')],
];

const log = (files: string): RegExp => new RegExp(`^src\\/Serilog\\/(${files})\\.cs$`);

export const SERILOG: Labelled[] = [
  ['how does the message template parser find property tokens?', log('Parsing\\/MessageTemplateParser')],
  ['how are objects destructured with the @ operator?', log('Capturing\\/PropertyValueConverter')],
  ['how is the minimum level overridden for a namespace?', log('Core\\/LevelOverrideMap|Configuration\\/LoggerMinimumLevelConfiguration')],
  ['how does LogContext push properties onto events?', log('Context\\/LogContext')],
  ['how is a log event written as JSON?', log('Formatting\\/Json\\/JsonFormatter|Formatting\\/Json\\/JsonValueFormatter')],
  ['how are events batched before they reach a sink?', log('Core\\/Sinks\\/Batching\\/BatchingSink')],
  ['how does the batching sink back off after failures?', log('Core\\/Sinks\\/Batching\\/FailureAwareBatchScheduler')],
  ['where does Serilog report its own internal errors?', log('Debugging\\/SelfLog')],
  ['how is the logging level changed at runtime?', log('Core\\/LoggingLevelSwitch')],
  ['how is the output template rendered to text?', log('Formatting\\/Display\\/MessageTemplateTextFormatter')],
  ['how is the static Log class closed and flushed?', log('Log')],
  ['how are enrichers applied to each event?', log('Core\\/Logger|Core\\/Enrichers\\/SafeAggregateEnricher')],
  ['how are parsed message templates cached?', log('Core\\/Pipeline\\/MessageTemplateCache')],
  ['how does a filter exclude events?', log('Filters\\/Matching|Core\\/Sinks\\/FilteringSink|Configuration\\/LoggerFilterConfiguration')],
  ['how is the depth of nested destructured objects limited?', log('Capturing\\/DepthLimiter|Capturing\\/PropertyValueConverter')],
  ['how are positional arguments bound to template properties?', log('Capturing\\/PropertyBinder')],
  ['how are settings read from key-value pairs?', log('Settings\\/KeyValuePairs\\/KeyValuePairSettings')],
  ['how does a sink fall back to another sink when it fails?', log('Core\\/Sinks\\/Fallback\\/FailureListenerSink|Configuration\\/LoggerSinkConfiguration')],
  ['how is a sub-logger configured?', log('Core\\/Sinks\\/SecondaryLoggerSink|Configuration\\/LoggerSinkConfiguration')],
  ['how are byte arrays logged?', log('Policies\\/ByteArrayScalarConversionPolicy')],
];

const jinja = (files: string): RegExp => new RegExp(`^src\\/jinja2\\/(${files})\\.py$`);

export const JINJA: Labelled[] = [
  ['how does the lexer tokenize template source?', jinja('lexer')],
  ['how are templates loaded from a directory?', jinja('loaders')],
  ['how is template inheritance with extends and blocks compiled?', jinja('compiler')],
  ['how does select_autoescape choose by file extension?', jinja('utils')],
  ['how does the sandbox block unsafe attribute access?', jinja('sandbox')],
  ['how is compiled bytecode cached on disk?', jinja('bccache')],
  ['how is the default filter implemented?', jinja('filters')],
  ['how are undefined variables handled?', jinja('runtime')],
  ['how does the parser parse a for loop?', jinja('parser')],
  ['where does loop.index come from inside a for loop?', jinja('runtime')],
  ['how does the i18n extension translate strings?', jinja('ext')],
  ['how is a macro called with caller?', jinja('runtime|compiler')],
  ['how is a traceback rewritten to point at template lines?', jinja('debug')],
  ['how are templates rendered asynchronously?', jinja('environment|async_utils')],
  ['how do I find which variables a template references?', jinja('meta')],
  ['how does the optimizer fold constant expressions?', jinja('optimizer|nodes')],
  ['how are tests like "is defined" implemented?', jinja('tests')],
  ['how does the environment cache loaded templates?', jinja('environment|utils')],
  ['how does the native environment return Python types?', jinja('nativetypes')],
  ['how are identifiers tracked across scopes during compilation?', jinja('idtracking')],
];
