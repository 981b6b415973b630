// Held-out set 9: three kinds of repository no earlier set covers, a C++ storage library (google/leveldb at 78a352f,
// db/, table/ and util/ with a test file beside each source, the formats in doc/), a Kotlin Android app of Gradle
// modules (android/nowinandroid at d6abd6d3e, core/ and feature/ modules with Compose screens, Room, DataStore,
// WorkManager, demo and prod flavours, convention plugins in build-logic/) and a Vue frontend app (elk-zone/elk at
// ae4ebf33, a Nuxt Mastodon client: .vue components, composables, a Nitro server for sign-in, a service worker).
// Questions a newcomer would ask, labelled from the sources before any ranking on these trees was run; never tuned on.
import type { Labelled } from './retrieval-sets-more';

const ldb = (files: string): RegExp => new RegExp(`^(${files})$`);

export const LEVELDB: Labelled[] = [
  ['how is the memtable flushed to a level-0 table?', ldb('db\\/db_impl\\.cc|db\\/builder\\.cc')],
  ['how does compaction pick which files to compact?', ldb('db\\/version_set\\.cc')],
  ['how are writes from several threads grouped into one batch?', ldb('db\\/db_impl\\.cc')],
  ['how are records written to the write-ahead log?', ldb('db\\/log_writer\\.cc')],
  ['how is a corrupted log record detected when reading?', ldb('db\\/log_reader\\.cc')],
  ['how does the bloom filter hash keys?', ldb('util\\/bloom\\.cc')],
  ['how is the LRU block cache implemented?', ldb('util\\/cache\\.cc')],
  ['how are keys prefix-compressed inside a block?', ldb('table\\/block_builder\\.cc|table\\/block\\.cc')],
  ['how does a Get find a key across the levels?', ldb('db\\/version_set\\.cc|db\\/db_impl\\.cc')],
  ['how are snapshots implemented?', ldb('db\\/snapshot\\.h|db\\/db_impl\\.cc')],
  ['how is the database recovered after a crash?', ldb('db\\/db_impl\\.cc|db\\/version_set\\.cc')],
  ['how are varints encoded?', ldb('util\\/coding\\.(cc|h)')],
  ['how does the skiplist allow reads while a write is inserting?', ldb('db\\/skiplist\\.h')],
  ['how are writes slowed down when level 0 has too many files?', ldb('db\\/db_impl\\.cc')],
  ['how is the CRC32C checksum computed?', ldb('util\\/crc32c\\.cc')],
  ['what is the format of the table file footer?', ldb('table\\/format\\.(cc|h)|doc\\/table_format\\.md')],
  ['how does the merging iterator combine sorted inputs?', ldb('table\\/merger\\.cc')],
  ['how do I configure the size of the block cache?', ldb('include\\/leveldb\\/options\\.h|include\\/leveldb\\/cache\\.h')],
  ['where are the tests for the write batch?', ldb('db\\/write_batch_test\\.cc')],
  ['how does repair rebuild a database from its files?', ldb('db\\/repair\\.cc')],
];

// Each label names the file's module folder and its class, wherever its package folders put it.
const nia = (files: string): RegExp => new RegExp(`^(${files})$`);
const kt = (module: string, names: string): string => `${module}\\/src\\/(main|prod|demo)\\/kotlin\\/.*\\/(${names})\\.kt`;

export const NOWINANDROID: Labelled[] = [
  ['how is news data synced from the network in the background?', nia(kt('sync\\/work', 'SyncWorker'))],
  ['how does the app know that the device is offline?', nia(kt('core\\/data', 'ConnectivityManagerNetworkMonitor') + '|' + kt('app', 'NiaAppState'))],
  ['how are bookmarked news resources saved?',
    nia(kt('core\\/datastore', 'NiaPreferencesDataSource') + '|' + kt('core\\/data', 'OfflineFirstUserDataRepository'))],
  ['how is full-text search over news resources implemented?',
    nia(kt('core\\/database', 'NewsResourceFtsDao|TopicFtsDao') + '|' + kt('core\\/data', 'DefaultSearchContentsRepository'))],
  ['how are Room database migrations defined?', nia(kt('core\\/database', 'DatabaseMigrations|NiaDatabase'))],
  ['how does the app switch between the dark and the light theme?', nia(kt('app', 'MainActivity') + '|' + kt('core\\/designsystem', 'Theme'))],
  ['how are notifications for new news shown?', nia(kt('core\\/notifications', 'SystemTrayNotifier'))],
  ['how does the demo flavor load its data without a network?', nia(kt('core\\/network', 'DemoNiaNetworkDataSource|DemoAssetManager'))],
  ['how does the network layer call the backend with Retrofit?', nia(kt('core\\/network', 'RetrofitNiaNetwork'))],
  ['how are user preferences stored with DataStore?', nia(kt('core\\/datastore', 'NiaPreferencesDataSource|UserPreferencesSerializer|DataStoreModule'))],
  ['how are analytics events logged?', nia(kt('core\\/analytics', 'AnalyticsHelper|FirebaseAnalyticsHelper|AnalyticsEvent'))],
  ['how does the For You screen show onboarding to choose topics?', nia(kt('feature\\/foryou\\/impl', 'ForYouScreen|ForYouViewModel|OnboardingUiState'))],
  ['how is navigation between the top-level destinations handled?',
    nia(kt('core\\/navigation', 'Navigator|NavigationState') + '|' + kt('app', 'NiaAppState|TopLevelNavItem'))],
  ['how are the demo and prod product flavors configured?', nia('build-logic\\/convention\\/src\\/main\\/kotlin\\/.*\\/NiaFlavor\\.kt')],
  ['where is the Hilt module that provides the database?', nia(kt('core\\/database', 'DatabaseModule'))],
  ['how does the offline-first repository sync news using change lists?', nia(kt('core\\/data', 'OfflineFirstNewsRepository|SyncUtilities'))],
  ['how are recent search queries saved?', nia(kt('core\\/data', 'DefaultRecentSearchRepository') + '|' + kt('core\\/database', 'RecentSearchQueryDao'))],
  ['how is the custom lint check for the design system implemented?', nia('lint\\/src\\/main\\/kotlin\\/.*\\/DesignSystemDetector\\.kt')],
  ['where are the tests for the For You view model?', nia('feature\\/foryou\\/impl\\/src\\/test\\/kotlin\\/.*\\/ForYouViewModelTest\\.kt')],
  ['how is app startup time benchmarked?', nia('benchmarks\\/src\\/main\\/kotlin\\/.*\\/startup\\/StartupBenchmark\\.kt')],
];

const elk = (files: string): RegExp => new RegExp(`^(${files})$`);

export const ELK: Labelled[] = [
  ['how does signing in to a Mastodon server with OAuth work?',
    elk('server\\/api\\/\\[server\\]\\/(oauth\\/\\[origin\\]|login)\\.ts|server\\/utils\\/shared\\.ts|app\\/composables\\/sign-in\\.ts')],
  ['how are replies grouped into threads in the timeline?', elk('app\\/composables\\/timeline\\.ts')],
  ['how is the HTML of a post sanitized?', elk('app\\/composables\\/content-parse\\.ts')],
  ['how are custom emojis rendered in post content?', elk('app\\/composables\\/content-(parse|render)\\.ts')],
  ['how are post drafts saved?', elk('app\\/composables\\/masto\\/statusDrafts\\.ts')],
  ['how are posts translated?', elk('app\\/composables\\/masto\\/translate\\.ts')],
  ['how is a subscription to push notifications created?', elk('app\\/composables\\/push-notifications\\/(createPushSubscription|usePushManager)\\.ts')],
  ['how does the service worker show a push notification?', elk('service-worker\\/(web-push-notifications|notification)\\.ts')],
  ['how does switching between signed-in accounts work?', elk('app\\/composables\\/users\\.ts')],
  ['how are user preferences stored?', elk('app\\/composables\\/settings\\/(storage|definition)\\.ts|app\\/composables\\/users\\.ts')],
  ['how are keyboard shortcuts handled?',
    elk('app\\/plugins\\/magic-keys\\.client\\.ts|app\\/composables\\/magickeys\\.ts|app\\/components\\/magickeys\\/MagickeysKeyboardShortcuts\\.vue')],
  ['how does a timeline load more posts while scrolling?', elk('app\\/composables\\/paginator\\.ts|app\\/components\\/common\\/CommonPaginator\\.vue')],
  ['how are code blocks in posts highlighted?',
    elk('app\\/composables\\/(shiki|tiptap\\/shiki|tiptap\\/shiki-parser)\\.ts|app\\/components\\/content\\/ContentCode\\.vue')],
  ['how is the PWA manifest configured?', elk('modules\\/pwa\\/(index|config|i18n)\\.ts|config\\/pwa\\.ts')],
  ['how are fetched statuses and accounts cached?', elk('app\\/composables\\/cache\\.ts')],
  ['how does the composer count the characters left in a post?', elk('app\\/components\\/publish\\/(PublishWidget|PublishCharacterCounter)\\.vue')],
  ['how is the color mode switched between dark and light?', elk('app\\/plugins\\/color-mode\\.ts|app\\/components\\/settings\\/SettingsColorMode\\.vue')],
  ['where are the tests for parsing the HTML of posts?', elk('tests\\/nuxt\\/(html-parse|content-rich)\\.test\\.ts')],
  ['how do I configure the storage driver for a deployment?',
    elk('docs\\/content\\/2\\.deployment\\/1\\.netlify\\.md|server\\/cache-driver\\.ts|nuxt\\.config\\.ts|\\.env\\.example')],
  ['how is a post with attachments published?', elk('app\\/composables\\/masto\\/publish\\.ts')],
];
