// Held-out set 12: three kinds of repository no earlier set covers, a Lua Neovim plugin (nvim-telescope/telescope.nvim at
// 7d324792: lua/telescope with pickers, finders, sorters, previewers and actions, builtin pickers in builtin/__*.lua, busted
// specs under lua/tests, vimdoc in doc/telescope.txt), a Spring Boot service (gothinkster/spring-boot-realworld-example-app
// at ee17e31: REST controllers in api/, a GraphQL layer (DGS) in graphql/, application services, MyBatis mappers in Java and
// XML, Flyway migration, application.properties) and a Clojure tool (clj-kondo/clj-kondo at 3604f4bb: the linter, a few
// large namespaces under src/clj_kondo/impl, an analyzer per library, the CLI in main.clj, docs under doc/, one test
// namespace per linter). Questions a newcomer would ask, labelled from the sources before any ranking on these trees was
// run; never tuned on. Baseline MRR@10 telescope 0.908, spring-realworld 0.690, clj-kondo 0.721; after the rules found on set 11 and
// the older sets (initials of a run of words in file names, catalogs of an application's strings), measured once: the same.
import type { Labelled } from './retrieval-sets-more';

const whole = (files: string): RegExp => new RegExp(`^(${files})$`);

const tele = 'lua\\/telescope\\/';

export const TELESCOPE: Labelled[] = [
  ['how are telescope extensions loaded and registered?', whole(`${tele}_extensions\\/init\\.lua`)],
  ['how does the fzy sorter score a match?', whole(`${tele}algos\\/fzy\\.lua|${tele}sorters\\.lua`)],
  ['how does find_files choose between rg, fd and find to list files?', whole(`${tele}builtin\\/__files\\.lua`)],
  ['how does live_grep run ripgrep as the prompt changes?', whole(`${tele}builtin\\/__files\\.lua|${tele}finders\\/async_job_finder\\.lua`)],
  ['how is the :Telescope command parsed with its options?', whole(`${tele}command\\.lua`)],
  ['where are the default key mappings of the prompt defined?', whole(`${tele}mappings\\.lua`)],
  ['how does the previewer highlight a file with treesitter?', whole(`${tele}previewers\\/(utils|buffer_previewer)\\.lua`)],
  ['how does the prompt history go to the previous and next entry?', whole(`${tele}actions\\/history\\.lua`)],
  ['how are selected entries sent to the quickfix list?', whole(`${tele}actions\\/init\\.lua`)],
  ['how is the horizontal layout strategy computed?', whole(`${tele}pickers\\/layout_strategies\\.lua`)],
  ['how are height and width options given as a fraction resolved?', whole(`${tele}config\\/resolve\\.lua`)],
  ['how are results displayed in columns?', whole(`${tele}pickers\\/entry_display\\.lua`)],
  ['how do I set default options for all pickers in setup?', whole(`${tele}config\\.lua|doc\\/telescope\\.txt`)],
  ['how does checkhealth report missing dependencies?', whole(`${tele}health\\.lua`)],
  ['how are LSP references shown in a picker?', whole(`${tele}builtin\\/__lsp\\.lua`)],
  ['how are git commits listed?', whole(`${tele}builtin\\/__git\\.lua|${tele}make_entry\\.lua`)],
  ['how is a multi selection of entries tracked?', whole(`${tele}pickers\\/multi\\.lua`)],
  ['where are the tests for layout strategies?', whole('lua\\/tests\\/automated\\/layout_strategies_spec\\.lua')],
  ['how are file paths shortened for display?', whole(`${tele}utils\\.lua`)],
  ['how is a binary file detected before it is previewed?',
    whole(`${tele}previewers\\/(utils|buffer_previewer|term_previewer)\\.lua`)],
];

const java = 'src\\/main\\/java\\/io\\/spring\\/';

export const SPRING_REALWORLD: Labelled[] = [
  ['how is the JWT token read from the Authorization header?', whole(`${java}api\\/security\\/JwtTokenFilter\\.java`)],
  ['how is a JWT token signed and its expiration set?', whole(`${java}infrastructure\\/service\\/DefaultJwtService\\.java`)],
  ['which endpoints can be called without logging in?', whole(`${java}api\\/security\\/WebSecurityConfig\\.java`)],
  ['how is a new user registered and the password encoded?', whole(`${java}application\\/user\\/UserService\\.java|${java}api\\/UsersApi\\.java`)],
  ['how is an article slug generated from the title?', whole(`${java}core\\/article\\/Article\\.java`)],
  ['how are articles paginated with a cursor?',
    whole(`${java}application\\/(CursorPager|CursorPageParameter|ArticleQueryService)\\.java|${java}graphql\\/ArticleDatafetcher\\.java`)],
  ['how is the feed of articles from followed users built?', whole(`${java}application\\/ArticleQueryService\\.java|${java}api\\/ArticlesApi\\.java`)],
  ['who is allowed to edit or delete an article?', whole(`${java}core\\/service\\/AuthorizationService\\.java`)],
  ['how are validation errors returned as JSON?',
    whole(`${java}api\\/exception\\/(CustomizeExceptionHandler|ErrorResourceSerializer)\\.java`)],
  ['how is a duplicate username rejected when registering?', whole(`${java}application\\/user\\/DuplicatedUsernameValidator\\.java`)],
  ['how does favoriting an article work?',
    whole(`${java}api\\/ArticleFavoriteApi\\.java|${java}infrastructure\\/repository\\/MyBatisArticleFavoriteRepository\\.java`)],
  ['how do I configure the database connection?', whole('src\\/main\\/resources\\/application\\.properties')],
  ['where is the database schema created?', whole('src\\/main\\/resources\\/db\\/migration\\/V1__create_tables\\.sql')],
  ['how are articles filtered by tag, author or favorited user?',
    whole(`src\\/main\\/resources\\/mapper\\/ArticleReadService\\.xml|${java}application\\/ArticleQueryService\\.java|` +
      `${java}infrastructure\\/mybatis\\/readservice\\/ArticleReadService\\.java`)],
  ['how are tags saved when an article is created?',
    whole(`${java}infrastructure\\/repository\\/MyBatisArticleRepository\\.java|src\\/main\\/resources\\/mapper\\/ArticleMapper\\.xml`)],
  ['how is a comment on an article deleted?', whole(`${java}api\\/CommentsApi\\.java|${java}graphql\\/CommentMutation\\.java`)],
  ['how does following another user work?',
    whole(`${java}api\\/ProfileApi\\.java|${java}core\\/user\\/FollowRelation\\.java|${java}graphql\\/RelationMutation\\.java`)],
  ['how is the GraphQL mutation that creates an article handled?', whole(`${java}graphql\\/ArticleMutation\\.java`)],
  ['how do GraphQL resolvers get the current user?', whole(`${java}graphql\\/SecurityUtil\\.java`)],
  ['where are the tests for the JWT service?', whole('src\\/test\\/java\\/io\\/spring\\/infrastructure\\/service\\/DefaultJwtServiceTest\\.java')],
];

const kondo = 'src\\/clj_kondo\\/';

export const CLJ_KONDO: Labelled[] = [
  ['how are unused bindings detected?', whole(`${kondo}impl\\/linters\\.clj`)],
  ['how is the number of arguments of a function call checked?', whole(`${kondo}impl\\/linters\\.clj`)],
  ['how are config files from several directories merged?', whole(`${kondo}impl\\/(config|core)\\.clj`)],
  ['how does the cache of analyzed namespaces on disk work?', whole(`${kondo}impl\\/cache\\.clj`)],
  ['how are hooks for a custom macro loaded and run?', whole(`${kondo}impl\\/hooks\\.clj|${kondo}hooks_api\\.clj`)],
  ['how are findings written as SARIF?', whole(`${kondo}impl\\/sarif\\.clj`)],
  ['how are findings printed as text, EDN or JSON?', whole(`${kondo}core\\.clj|${kondo}impl\\/core\\.clj`)],
  ['how does the ignore annotation suppress a finding?', whole(`${kondo}impl\\/(utils|findings)\\.clj`)],
  ['how is the ns form with require and refer analyzed?', whole(`${kondo}impl\\/analyzer\\/namespace\\.clj`)],
  ['how are deps.edn files linted?', whole(`${kondo}impl\\/linters\\/deps_edn\\.clj`)],
  ['how are argument types checked against clojure.core functions?',
    whole(`${kondo}impl\\/types\\.clj|${kondo}impl\\/types\\/clojure\\/core\\.clj|${kondo}impl\\/linters\\.clj`)],
  ['how are let bindings analyzed?', whole(`${kondo}impl\\/analyzer\\.clj`)],
  ['how does the command line parse options like --lint and --config?', whole(`${kondo}main\\.clj|${kondo}impl\\/core\\.clj`)],
  ['how are re-frame subscriptions analyzed?', whole(`${kondo}impl\\/analyzer\\/re_frame\\.clj`)],
  ['how are unresolved symbols reported?', whole(`${kondo}impl\\/(linters|namespace)\\.clj`)],
  ['how is analysis data exported for tools like clojure-lsp?', whole(`${kondo}impl\\/analysis\\.clj`)],
  ['how are configs copied from dependencies on the classpath?', whole(`${kondo}impl\\/core\\.clj`)],
  ['how are files linted in parallel?', whole(`${kondo}impl\\/core\\.clj|${kondo}core\\.clj`)],
  ['where are the tests for the unresolved symbol linter?', whole('test\\/clj_kondo\\/unresolved_symbol_test\\.clj')],
  ['how do I change the level of a linter to error?', whole('doc\\/config\\.md')],
];
