// Held-out set 10: three kinds of repository no earlier set covers, a Ruby on Rails app (lobsters/lobsters at 57268d76, app/
// models, controllers, jobs and mailboxes, helpers in extras/, Rack::Attack and mail in config/initializers/, RSpec in spec/),
// a Python Django service (healthchecks/healthchecks at 29b5ec25, apps under hc/ with management commands, one folder per
// notification integration, tests in each app's tests/) and a C# ASP.NET Core app (dotnet-architecture/eShopOnWeb at 2414014b,
// clean-architecture projects ApplicationCore, Infrastructure, Web with Razor pages, a PublicApi of endpoints and a Blazor
// admin). Questions a newcomer would ask, labelled from the sources before any ranking on these trees was run; never tuned on.
// Baseline MRR@10 lobsters 0.717, healthchecks 0.550, eShopOnWeb 0.719; after the rules found on set 9 and the older sets
// meanwhile (suffixed tests, hyphenated pairs, Gradle's build-logic/, a source after its header), the same: no question moved.
import type { Labelled } from './retrieval-sets-more';

const lob = (files: string): RegExp => new RegExp(`^(${files})$`);

export const LOBSTERS: Labelled[] = [
  ['how is a story\'s hotness calculated for the front page?', lob('app\\/models\\/story\\.rb')],
  ['how are comments in a thread ordered by confidence?', lob('app\\/models\\/comment\\.rb')],
  ['how is an upvote or a flag on a story recorded?', lob('app\\/models\\/vote\\.rb')],
  ['how does login with two-factor authentication work?', lob('app\\/controllers\\/login_controller\\.rb')],
  ['how are requests rate limited per IP address?', lob('config\\/initializers\\/rack_attack\\.rb')],
  ['how does search parse tag and domain filters in the query?', lob('app\\/models\\/search_parser\\.rb|app\\/models\\/search\\.rb')],
  ['how is comment markdown rendered to HTML?', lob('extras\\/markdowner\\.rb')],
  ['how are users notified when someone replies to their comment?', lob('app\\/jobs\\/notify_comment_job\\.rb')],
  ['how are new stories posted to Mastodon?', lob('script\\/mastodon_post\\.rb|extras\\/mastodon\\.rb')],
  ['how does submitting a story detect that the URL was already posted recently?', lob('app\\/models\\/story\\.rb')],
  ['how are story URLs normalized before they are compared?', lob('extras\\/utils\\.rb')],
  ['how does a moderator ban a user?', lob('app\\/models\\/user\\.rb|app\\/controllers\\/users_controller\\.rb')],
  ['how are invitations sent to new users?',
    lob('app\\/models\\/invitation\\.rb|app\\/controllers\\/invitations_controller\\.rb|app\\/mailers\\/invitation_mailer\\.rb')],
  ['how are sign-ups with disposable email addresses rejected?',
    lob('app\\/models\\/concerns\\/email_blocklist_validation\\.rb|app\\/jobs\\/fetch_email_blocklist_job\\.rb')],
  ['how are webmentions sent for submitted stories?', lob('app\\/jobs\\/send_webmention_job\\.rb')],
  ['how is a reply sent by email turned into a comment?', lob('app\\/mailboxes\\/inbox_mailbox\\.rb')],
  ['how do I configure the SMTP server for outgoing mail?', lob('config\\/initializers\\/email\\.rb|config\\/initializers\\/production\\.rb\\.sample')],
  ['where are the URL routes defined?', lob('config\\/routes\\.rb')],
  ['where are the tests for the search query parser?', lob('spec\\/models\\/search_parser_spec\\.rb')],
  ['how are the recurring background jobs scheduled?', lob('config\\/recurring\\.yml')],
];

const hc = (files: string): RegExp => new RegExp(`^(${files})$`);

export const HEALTHCHECKS: Labelled[] = [
  ['how does a check decide it is down when a ping is late?', hc('hc\\/api\\/models\\.py')],
  ['how are alerts sent when a check goes down?', hc('hc\\/api\\/management\\/commands\\/sendalerts\\.py')],
  ['how is an incoming ping recorded?', hc('hc\\/api\\/views\\.py|hc\\/api\\/models\\.py')],
  ['how is the next expected ping computed from a cron schedule?', hc('hc\\/api\\/models\\.py')],
  ['how does the REST API authenticate a request with an API key?', hc('hc\\/api\\/decorators\\.py')],
  ['how are pings received by email handled?', hc('hc\\/api\\/management\\/commands\\/smtpd\\.py')],
  ['how are Slack notifications sent?', hc('hc\\/integrations\\/slack\\/transport\\.py')],
  ['how is the body of a webhook notification built?', hc('hc\\/integrations\\/webhook\\/transport\\.py')],
  ['how are login attempts rate limited?', hc('hc\\/api\\/models\\.py|hc\\/accounts\\/views\\.py')],
  ['how are status badges rendered as SVG?', hc('hc\\/lib\\/badges\\.py')],
  ['how are old pings pruned from the database?', hc('hc\\/api\\/management\\/commands\\/prunepingsslow\\.py|hc\\/api\\/models\\.py')],
  ['how are the monthly reports emailed to users?', hc('hc\\/api\\/management\\/commands\\/sendreports\\.py')],
  ['how do I configure a PostgreSQL database?', hc('hc\\/settings\\.py')],
  ['how do I run the app with Docker?', hc('docker\\/README\\.md|docker\\/docker-compose\\.yml|docker\\/Dockerfile')],
  ['how does sign-in with a security key work?', hc('hc\\/lib\\/webauthn\\.py|hc\\/accounts\\/views\\.py')],
  ['where are the tests for the ping endpoint?', hc('hc\\/api\\/tests\\/test_ping\\.py')],
  ['how are large ping bodies stored in S3 object storage?', hc('hc\\/lib\\/s3\\.py')],
  ['how does the Prometheus metrics endpoint export check status?', hc('hc\\/integrations\\/prometheus\\/views\\.py')],
  ['how are failed HTTP notifications retried?', hc('hc\\/api\\/transports\\.py')],
  ['how does the dashboard count checks per tag?', hc('hc\\/front\\/views\\.py')],
];

const web = (files: string): RegExp => new RegExp(`^(${files})$`);
const core = 'src\\/ApplicationCore\\/';

export const ESHOPONWEB: Labelled[] = [
  ['how is an item added to the shopping basket?', web(`${core}Services\\/BasketService\\.cs|${core}Entities\\/BasketAggregate\\/Basket\\.cs`)],
  ['how is an order created from the basket at checkout?', web(`${core}Services\\/OrderService\\.cs|src\\/Web\\/Pages\\/Basket\\/Checkout\\.cshtml\\.cs`)],
  ['how is an anonymous visitor\'s basket moved to the user after login?',
    web(`${core}Services\\/BasketService\\.cs|src\\/Web\\/Areas\\/Identity\\/Pages\\/Account\\/Login\\.cshtml\\.cs`)],
  ['how does the public API issue JWT tokens?',
    web('src\\/Infrastructure\\/Identity\\/IdentityTokenClaimService\\.cs|src\\/PublicApi\\/AuthEndpoints\\/AuthenticateEndpoint\\.cs')],
  ['how does the catalog filter items by brand and type?', web(`${core}Specifications\\/CatalogFilter(Paginated)?Specification\\.cs`)],
  ['how is the catalog on the home page paginated?',
    web(`src\\/Web\\/Services\\/CatalogViewModelService\\.cs|${core}Specifications\\/CatalogFilterPaginatedSpecification\\.cs`)],
  ['how is the catalog view model cached?', web('src\\/Web\\/Services\\/CachedCatalogViewModelService\\.cs')],
  ['how do I use an in-memory database instead of SQL Server?', web('src\\/Infrastructure\\/Dependencies\\.cs')],
  ['how do I configure the database connection strings?',
    web('src\\/Web\\/appsettings\\.json|src\\/PublicApi\\/appsettings\\.json|src\\/Infrastructure\\/Dependencies\\.cs')],
  ['how is the database seeded with sample catalog items?', web('src\\/Infrastructure\\/Data\\/CatalogContextSeed\\.cs')],
  ['how are the default users and roles created?', web('src\\/Infrastructure\\/Identity\\/AppIdentityDbContextSeed\\.cs')],
  ['how does the public API turn exceptions into error responses?', web('src\\/PublicApi\\/Middleware\\/ExceptionMiddleware\\.cs')],
  ['how is a catalog item created through the API?', web('src\\/PublicApi\\/CatalogItemEndpoints\\/CreateCatalogItemEndpoint\\.cs')],
  ['how does the Blazor admin cache catalog items in local storage?', web('src\\/BlazorAdmin\\/Services\\/CachedCatalogItemServiceDecorator\\.cs')],
  ['how is the list of my orders fetched with MediatR?', web('src\\/Web\\/Features\\/MyOrders\\/GetMyOrdersHandler\\.cs')],
  ['how are the authentication cookies configured?', web('src\\/Web\\/Configuration\\/ConfigureCookieSettings\\.cs')],
  ['how is the Order entity mapped to database tables?', web('src\\/Infrastructure\\/Data\\/Config\\/OrderConfiguration\\.cs')],
  ['where are the tests for adding an item to the basket?',
    web('tests\\/UnitTests\\/ApplicationCore\\/(Services\\/BasketServiceTests\\/AddItemToBasket|Entities\\/BasketTests\\/BasketAddItem)\\.cs')],
  ['how does the generic repository run specification queries?', web('src\\/Infrastructure\\/Data\\/EfRepository\\.cs')],
  ['how do I run the app with Docker Compose?', web('docker-compose\\.yml|README\\.md')],
];
