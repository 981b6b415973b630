// Labelled questions on three more repositories: a large Python project of ~5 K files, most of them tests and
// integration targets, whose module documentation lives in docstrings (ansible/ansible at c9ac477, standing in for
// django/django, whose snapshot was too large to fetch), a Rust workspace of async crates with loom tests beside the
// code (tokio-rs/tokio at ea91b33) and an Elixir framework with its JS client and Markdown guides (phoenixframework/
// phoenix at 167c469). Each answer was found by reading the source (grep for the function, the message or the
// test, then its file) before any ranking on these trees was run. The mix per tree: how-does-X-work, where-is-Y,
// how-do-I, where-are-the-tests and a pasted error message.
import type { Labelled } from './retrieval-sets-more';

const lib = (files: string): RegExp => new RegExp(`^lib\\/ansible\\/(${files})\\.py$`);

export const ANSIBLE: Labelled[] = [
  ['how is a vault-encrypted file decrypted with AES256?', lib('parsing\\/vault\\/__init__')],
  ['how does the ssh connection retry when the connection drops?', lib('plugins\\/connection\\/ssh')],
  ['how are modules bundled into an AnsiballZ payload?', lib('executor\\/module_common')],
  ['how does the linear strategy wait for all hosts before the next task?', lib('plugins\\/strategy\\/(linear|__init__)')],
  ['how is an INI inventory file parsed?', lib('plugins\\/inventory\\/ini')],
  ['how is the sudo command built for become?', lib('plugins\\/become\\/sudo')],
  ['in what order are host vars, group vars and extra vars combined?', lib('vars\\/manager')],
  ['where is ansible.cfg looked up?', lib('config\\/manager')],
  ['how is the python interpreter discovered on the target host?', lib('executor\\/interpreter_discovery')],
  ['how does the password lookup generate and save a random password?', lib('plugins\\/lookup\\/password')],
  ['how does polling of async tasks work?', lib('executor\\/task_executor|plugins\\/action\\/async_status')],
  ['how does a task retry with until and retries?', lib('executor\\/task_executor')],
  ['how are host patterns like webservers:!db matched?', lib('inventory\\/manager')],
  ['how does ansible-galaxy resolve collection dependencies?', lib('galaxy\\/collection\\/__init__|galaxy\\/dependency_resolution\\/(providers|resolvers)')],
  ["ERROR! the role 'webserver' was not found in /home/u/site/roles:/home/u/.ansible/roles", lib('playbook\\/role\\/definition')],
  ['how does the default callback print a failed task?', lib('plugins\\/callback\\/default')],
  ['how does the reboot action wait for the host to come back?', lib('plugins\\/action\\/reboot')],
  ['where are the tests for the vault?', /^test\/(units\/parsing\/vault\/test_vault\.py|integration\/targets\/ansible-vault\/)/],
  ['how are strings marked unsafe so they are not templated?', lib('utils\\/unsafe_proxy')],
  ['how are handlers notified when a task changes something?', lib('plugins\\/strategy\\/__init__|playbook\\/handler')],
];

const rt = (files: string): RegExp => new RegExp(`^tokio\\/src\\/(${files})\\.rs$`);

export const TOKIO: Labelled[] = [
  ['how does work stealing between worker threads work?', rt('runtime\\/scheduler\\/multi_thread\\/(worker|queue)')],
  ['how does the timer wheel fire expired sleeps?', rt('runtime\\/time(_alt)?\\/(wheel\\/mod|wheel\\/level|mod|entry)')],
  ['how does select! pick which branch to poll first?', rt('macros\\/select')],
  ['how does #[tokio::main] build the runtime?', /^tokio-macros\/src\/entry\.rs$/],
  ['how does a bounded mpsc channel apply backpressure?', rt('sync\\/mpsc\\/(bounded|chan)')],
  ['what happens when a broadcast receiver lags behind?', rt('sync\\/broadcast')],
  ['how does spawn_blocking run work on the blocking pool?', rt('runtime\\/blocking\\/pool|task\\/blocking')],
  ['how is cooperative scheduling budget enforced?', rt('task\\/coop\\/mod')],
  ['how does tokio::time::timeout cancel a future?', rt('time\\/timeout')],
  ['how does the length delimited codec frame messages?', /^tokio-util\/src\/codec\/length_delimited\.rs$/],
  ['how does the watch channel notify receivers of a change?', rt('sync\\/watch')],
  ['what happens to missed ticks of an interval?', rt('time\\/interval')],
  ['how does a CancellationToken cancel its child tokens?', /^tokio-util\/src\/sync\/cancellation_token(\.rs|\/tree_node\.rs)$/],
  ['how does the I/O driver wake a task when a socket becomes readable?', rt('runtime\\/io\\/(driver|scheduled_io|registration)')],
  [
    'Cannot start a runtime from within a runtime. This happens because a function (like `block_on`) attempted to block the ' +
      'current thread while the thread is being used to drive asynchronous tasks.',
    rt('runtime\\/context\\/runtime'),
  ],
  [
    "thread 'main' panicked at src/main.rs:5:5:\nthere is no reactor running, must be called from the context of a Tokio 1.x runtime",
    rt('util\\/error|runtime\\/scheduler\\/mod|runtime\\/handle'),
  ],
  ['where are the tests for JoinSet?', /^tokio\/tests\/task_join_set\.rs$/],
  ['how do I wait for ctrl-c?', rt('signal\\/ctrl_c')],
  ['how does the task state track its reference count and completion?', rt('runtime\\/task\\/state')],
  ['how does the tokio Mutex queue waiters fairly?', rt('sync\\/(mutex|batch_semaphore)')],
];

const px = (files: string): RegExp => new RegExp(`^lib\\/phoenix\\/(${files})\\.ex$`);
const js = (files: string): RegExp => new RegExp(`^assets\\/js\\/phoenix\\/(${files})\\.js$`);

export const PHOENIX: Labelled[] = [
  ['how does the JS socket reconnect after the connection drops?', js('socket|timer')],
  ['how does a channel rejoin after an error on the client?', js('channel')],
  ['how does presence sync state and diffs on the client?', js('presence')],
  ['how does the long poll transport buffer messages on the server?', px('transports\\/long_poll(_server)?')],
  ['how are messages encoded by the V2 JSON serializer?', px('socket\\/serializers\\/v2_json_serializer')],
  ['how does the JS client encode binary pushes?', js('serializer')],
  ['how is a Phoenix.Token signed and verified?', px('token')],
  ['how does the ~p sigil verify routes at compile time?', px('verified_routes')],
  ['how are static assets digested?', px('digester')],
  ['how does the code reloader recompile on a request?', px('code_reloader(\\/server)?')],
  ['which routes does resources generate?', px('router\\/resource|router')],
  ['how are errors rendered by the endpoint?', px('endpoint\\/render_errors')],
  ['how does the channel server handle a join?', px('channel\\/server')],
  ['how does mix phx.gen.auth inject code into the router?', /^lib\/mix\/tasks\/phx\.gen\.auth\/injector\.ex$/],
  ['how do I test a channel?', /^(guides\/testing\/testing_channels\.md|lib\/phoenix\/test\/channel_test\.ex)$/],
  ['how do I deploy with mix releases?', /^(guides\/deployment\/releases\.md|lib\/mix\/tasks\/phx\.gen\.release\.ex)$/],
  ['** (Phoenix.Router.NoRouteError) no route found for GET /foo (MyAppWeb.Router)', px('router')],
  ['where are the tests for router scopes?', /^test\/phoenix\/router\/scope_test\.exs$/],
  ['how is the origin of a websocket connection checked?', px('socket\\/transport')],
  ['how does action_fallback work in a controller?', px('controller\\/pipeline|controller')],
];
