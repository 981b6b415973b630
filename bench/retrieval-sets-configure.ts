// "How do I configure …?" questions on eleven of the trees, labelled from the sources (the docs page, the sample config or
// the code defining the setting) before any was ranked. Not held out: the rule reading a setting named in words
// (setting-terms.ts settingsInProse) was found on them, from 0.576 to 0.758.
import type { Labelled } from './retrieval-sets-more';

export const CONFIGURE_ASKED: Record<string, Labelled[]> = {
  redis: [['how do I configure the maximum memory limit?', /^(redis\.conf|src\/config\.c|src\/evict\.c)$/]],
  nginx: [['how do I configure the number of worker processes?', /^(src\/core\/nginx\.c|conf\/nginx\.conf)$/]],
  caddy: [['how do I configure a reverse proxy in the Caddyfile?', /^modules\/caddyhttp\/reverseproxy\/caddyfile\.go$/]],
  serilog: [['how do I configure the minimum log level?', /^src\/Serilog\/Configuration\/LoggerMinimumLevelConfiguration\.cs$/]],
  axios: [['how do I configure a default timeout for all requests?', /^(README\.md|lib\/defaults\/index\.js)$/]],
  vite: [['how do I configure the dev server port?', /^(docs\/config\/server-options\.md|packages\/vite\/src\/node\/server\/index\.ts)$/]],
  flask: [['how do I configure the secret key?', /^(docs\/config\.rst|src\/flask\/(sansio\/)?app\.py)$/]],
  sidekiq: [['how do I configure the number of threads a process runs?', /^lib\/sidekiq\/(config|cli|capsule)\.rb$/]],
  laravel: [['how do I configure the session driver?', /^(src\/Illuminate\/Session\/SessionManager\.php|config\/session\.php)$/]],
  okhttp: [['how do I configure timeouts on the client?', /^(docs\/recipes\.md|okhttp\/src\/commonJvmAndroid\/kotlin\/okhttp3\/OkHttpClient\.kt)$/]],
  ansible: [['how do I configure the SSH connection timeout?', /^lib\/ansible\/(plugins\/connection\/ssh\.py|config\/base\.yml)$/]],
};
