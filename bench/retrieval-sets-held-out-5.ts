// A fresh check of the rules found on held-out set 4 (path-demotion.ts: sample config files, joined test folders and
// fuzzing harnesses; pasted.ts: the innermost link of an error chain), on two servers no rule was tuned on: nginx/nginx
// at 3f6f782 (C, with its sample conf/nginx.conf) and nats-io/nats-server at 1787eee (Go, with a conf/ parser and
// server/configs/*.conf). Written from the sources after those rules, before any ranking on these trees was run.
import type { Labelled } from './retrieval-sets-more';

const ngx = (files: string): RegExp => new RegExp(`^src\\/(${files})\\.c$`);

export const NGINX: Labelled[] = [
  ['how does nginx parse the configuration file?', ngx('core\\/ngx_conf_file')],
  ['how are HTTP request headers parsed?', ngx('http\\/ngx_http_parse|http\\/ngx_http_request')],
  ['how does round robin choose an upstream server?', ngx('http\\/ngx_http_upstream_round_robin')],
  ['how are responses compressed with gzip?', ngx('http\\/modules\\/ngx_http_gzip_filter_module')],
  ['how does proxy_pass forward a request to the backend?', ngx('http\\/modules\\/ngx_http_proxy_module|http\\/ngx_http_upstream')],
  ['how does a worker process accept new connections?', ngx('event\\/ngx_event_accept')],
  ['how are event timers stored and expired?', ngx('event\\/ngx_event_timer')],
  ['how is memory allocated from a pool?', ngx('core\\/ngx_palloc')],
  ['how does limit_req limit the request rate?', ngx('http\\/modules\\/ngx_http_limit_req_module')],
  ['how does the master process reload the configuration?', ngx('os\\/unix\\/ngx_process_cycle|core\\/ngx_cycle')],
  ['nginx: [emerg] unknown directive "proxy_passs" in /etc/nginx/conf.d/default.conf:12', ngx('core\\/ngx_conf_file')],
];

const srv = (files: string): RegExp => new RegExp(`^(${files})\\.go$`);

export const NATS_SERVER: Labelled[] = [
  ['how does the server parse the client protocol?', srv('server\\/parser')],
  ['how are subjects with wildcards matched to subscriptions?', srv('server\\/sublist')],
  ['how is the configuration file parsed?', srv('conf\\/parse|conf\\/lex|server\\/opts')],
  ['how does JetStream store messages on disk?', srv('server\\/filestore')],
  ['how are clients authenticated with a user and password?', srv('server\\/auth')],
  ['how does a leaf node connect to a remote server?', srv('server\\/leafnode')],
  ['how does the /varz monitoring endpoint report stats?', srv('server\\/monitor')],
  ['how does a consumer redeliver messages that were not acknowledged?', srv('server\\/consumer')],
  ['how does the server detect a slow consumer?', srv('server\\/client')],
  ['how are MQTT clients bridged?', srv('server\\/mqtt')],
  ['-ERR \'Maximum Payload Violation\'', srv('server\\/client')],
];
