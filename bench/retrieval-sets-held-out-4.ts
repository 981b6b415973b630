// Labelled questions on three more repositories, of kinds no other set covers: a C server with its own event
// loop, data structures and a Tcl test suite (redis/redis at 4f8cdc2), a PHP framework split into ~40 packages of
// one class a file under src/Illuminate/ (laravel/framework at bd71b45) and a Go web server built of modules
// (caddyserver/caddy at 0cf03d3). Each answer was found by reading the source (grep for the function, the message
// or the test, then its file) before any ranking on these trees was run. The mix per tree: how-does-X-work,
// where-is-Y, how-do-I, where-are-the-tests and a pasted error message, as a newcomer would write them.
import type { Labelled } from './retrieval-sets-more';

const c = (files: string): RegExp => new RegExp(`^src\\/(${files})\\.c$`);

export const REDIS: Labelled[] = [
  ['how does redis evict keys when maxmemory is reached?', c('evict')],
  ['how are expired keys removed in the background?', c('expire')],
  ['how does the AOF rewrite work?', c('aof')],
  ['how is an RDB snapshot saved to disk in the background?', c('rdb')],
  ['how does a replica resync with its master after a disconnect?', c('replication')],
  ['how does the event loop wait for file events and timers?', c('ae|ae_epoll')],
  ['how do MULTI and EXEC transactions work?', c('multi')],
  ['how are sorted sets implemented with a skiplist?', c('t_zset')],
  ['how does an sds string grow its buffer?', c('sds')],
  ['how does the hash table rehash incrementally?', c('dict')],
  ['how are commands parsed from the RESP protocol?', c('networking|resp_parser')],
  ['how does BLPOP block a client until a list gets data?', c('blocked|t_list')],
  ['how does PUBLISH deliver a message to subscribers?', c('pubsub')],
  ['how are Lua scripts run by EVAL?', c('eval|script_lua|script')],
  ['how does cluster mode decide which slot a key belongs to?', c('cluster')],
  ['how does sentinel elect a leader for failover?', c('sentinel')],
  ['how does ACL check whether a user may run a command?', c('acl')],
  ['where are slow commands logged?', c('slowlog')],
  ["(error) OOM command not allowed when used memory > 'maxmemory'.", c('server')],
  ['where are the tests for streams?', /^tests\/unit\/type\/stream(-cgroups)?\.tcl$/],
];

const il = (files: string): RegExp => new RegExp(`^src\\/Illuminate\\/(${files})\\.php$`);

export const LARAVEL: Labelled[] = [
  ['how does the service container resolve constructor dependencies?', il('Container\\/Container')],
  ['how does eager loading with with() load relations?', il('Database\\/Eloquent\\/Builder')],
  ['how does route model binding find the model?', il('Routing\\/ImplicitRouteBinding|Routing\\/Router')],
  ['how does the queue worker retry a failed job?', il('Queue\\/Worker')],
  ['how are passwords hashed with bcrypt?', il('Hashing\\/BcryptHasher')],
  ['how does the unique validation rule query the database?', il('Validation\\/Concerns\\/ValidatesAttributes|Validation\\/Rules\\/Unique')],
  ['how are Blade templates compiled to PHP?', il('View\\/Compilers\\/BladeCompiler')],
  ['how are database migrations run?', il('Database\\/Migrations\\/Migrator')],
  ['where is the CSRF token checked?', il('Foundation\\/Http\\/Middleware\\/(PreventRequestForgery|VerifyCsrfToken|ValidateCsrfToken)')],
  ['how do soft deletes hide trashed models from queries?', il('Database\\/Eloquent\\/(SoftDeletingScope|SoftDeletes)')],
  ['how does the throttle middleware limit requests?', il('Routing\\/Middleware\\/ThrottleRequests|Cache\\/RateLimiter')],
  ['how are events dispatched to their listeners?', il('Events\\/Dispatcher')],
  ['how are sessions stored in the database?', il('Session\\/DatabaseSessionHandler')],
  ['how are cookies encrypted?', il('Cookie\\/Middleware\\/EncryptCookies')],
  ['how does Cache::remember work?', il('Cache\\/Repository')],
  ['how does $fillable protect against mass assignment?', il('Database\\/Eloquent\\/Concerns\\/GuardsAttributes')],
  ['how does the scheduler decide which commands are due?', il('Console\\/Scheduling\\/(Event|Schedule|ScheduleRunCommand)')],
  ['Add [name] to fillable property to allow mass assignment on [App\\Models\\User].', il('Database\\/Eloquent\\/Model')],
  ['how are model attributes cast to dates or JSON?', il('Database\\/Eloquent\\/Concerns\\/HasAttributes')],
  ['where are the tests for the Eloquent builder?', /^tests\/Database\/DatabaseEloquentBuilder(CreateOrFirst)?Test\.php$/],
];

const mod = (files: string): RegExp => new RegExp(`^(${files})\\.go$`);

export const CADDY: Labelled[] = [
  ['how does the reverse proxy pick an upstream for load balancing?', mod('modules\\/caddyhttp\\/reverseproxy\\/selectionpolicies')],
  ['how do active health checks work?', mod('modules\\/caddyhttp\\/reverseproxy\\/healthchecks')],
  ['how are HTTP requests redirected to HTTPS automatically?', mod('modules\\/caddyhttp\\/autohttps')],
  ['how is the Caddyfile tokenized?', mod('caddyconfig\\/caddyfile\\/lexer')],
  ['how does a config reload through the admin API work?', mod('caddy|admin')],
  ['how does the file server render a directory listing?', mod('modules\\/caddyhttp\\/fileserver\\/(browse|browsetplcontext)')],
  ['how are responses compressed with gzip or zstd?', mod('modules\\/caddyhttp\\/encode\\/encode')],
  ['how are placeholders like {http.request.uri} replaced?', mod('replacer|modules\\/caddyhttp\\/replacer')],
  ['how does on-demand TLS decide whether to get a certificate?', mod('modules\\/caddytls\\/(ondemand|automation)')],
  ["how are certificates obtained from Let's Encrypt with ACME?", mod('modules\\/caddytls\\/acmeissuer')],
  ['how are site addresses in the Caddyfile parsed?', mod('caddyconfig\\/httpcaddyfile\\/addresses')],
  ['in what order are Caddyfile directives applied?', mod('caddyconfig\\/httpcaddyfile\\/directives')],
  ['how do request matchers match a path?', mod('modules\\/caddyhttp\\/matchers')],
  ['how are modules registered and loaded?', mod('modules|context')],
  ['how are listeners kept open across config reloads?', mod('listeners|listen|listen_unix')],
  ['how does the reverse proxy retry a failed request?', mod('modules\\/caddyhttp\\/reverseproxy\\/reverseproxy')],
  ['how does caddy talk to php-fpm over FastCGI?', mod('modules\\/caddyhttp\\/reverseproxy\\/fastcgi\\/(fastcgi|client)')],
  ['how are websocket connections proxied?', mod('modules\\/caddyhttp\\/reverseproxy\\/streaming')],
  ['Error: adapting config using caddyfile: ambiguous site definition: example.com', mod('caddyconfig\\/httpcaddyfile\\/httptype')],
  ['where are the tests for the Caddyfile lexer?', /^caddyconfig\/caddyfile\/lexer_test\.go$/],
];
