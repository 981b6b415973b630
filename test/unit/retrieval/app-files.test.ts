import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { demotedFor, pathFactor } from '../../../src/engine/retrieval/path-demotion';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { indexCorpus, topPath } from '../../support/corpus-index';

const factor = (question: string, rel: string) => pathFactor(rel, demotedFor(extractTerms(question)));

// A Django template says the question's nouns in every label; the management command does the work in few words.
const ALERTS_TEMPLATE = `{% extends "base.html" %}
{% block content %}
<p>When a check goes down, alerts are sent to each integration.</p>
{% for channel in channels %}
  <div class="channel">{{ channel.name }}: {{ channel.down_count }} sent</div>
{% endfor %}
{% endblock %}
`;
const SEND_ALERTS = `from django.core.management.base import BaseCommand

class Command(BaseCommand):
    help = "Sends alerts when a check goes down or up"

    def process_one_flip(self):
        """Sends the alerts of one check that went down or up."""
        flip = Flip.objects.filter(processed=None).first()
        if flip is None:
            return False
        for channel in flip.owner.channel_set.all():
            channel.notify(flip)
        flip.processed = now()
        flip.save()
        return True

    def handle(self, *args, **options):
        while self.process_one_flip():
            pass
`;

// A numbered migration names the columns and the act; the helper that does it every time is named for neither.
const NORMALIZE_MIGRATION = `class NormalizeUrl < ActiveRecord::Migration[7.0]
  def up
    add_column :stories, :normalized_url, :string
    # each story url is normalized once here, before new story urls are compared with it
    Story.find_each { |story| story.update_column(:normalized_url, Utils.normalize(story.url)) }
  end
end
`;
const UTILS = `module Utils
  # Normalizes a story url before it is compared: strips the scheme, www. and a trailing slash.
  # Two story urls are compared by their normalized form.
  def self.normalize(url)
    url.to_s.sub(%r{\\Ahttps?://}, "").sub(/\\Awww\\./, "").chomp("/").downcase
  end

  def self.random_str(len)
    SecureRandom.alphanumeric(len)
  end
end
`;

describe('templates of a web application', () => {
  it('count as docs do unless the question asks about templates, layouts or markup', () => {
    const q = 'how are alerts sent when a check goes down?';
    for (const rel of [
      'templates/front/checks.html', 'hc/integrations/email/templates/email_form.html', 'templates/emails/alert-body.txt',
      'src/Web/Pages/Basket/Index.cshtml', 'resources/views/pages/show.blade.php', 'app/views/stories/_listdetail.html.erb',
      'lib/hexpm_web/templates/package/show.html.heex', 'views/layout.twig',
    ]) assert.equal(factor(q, rel), 0.5, rel);
    // The code beside them, and components that are code and markup in one file, are code.
    for (const rel of ['src/Web/Pages/Basket/Index.cshtml.cs', 'hc/front/templatetags/hc_extras.py', 'src/App.vue', 'src/Card.svelte', 'Admin.razor']) {
      assert.equal(factor(q, rel), 1, rel);
    }
    assert.equal(factor('which template shows the alerts?', 'templates/front/checks.html'), 1);
    assert.equal(factor('where is the base layout of every page?', 'resources/views/layouts/base.blade.php'), 1);
  });

  it('put the code doing the work before a template repeating the question\'s words', async () => {
    const index = await indexCorpus(
      { 'templates/front/channels.html': ALERTS_TEMPLATE, 'hc/api/management/commands/sendalerts.py': SEND_ALERTS },
      'grounded-templates-',
    );
    const first = (q: string) => topPath(index, q);
    assert.equal(await first('how are alerts sent when a check goes down?'), 'hc/api/management/commands/sendalerts.py');
    assert.equal(await first('which template lists the alerts sent when a check goes down?'), 'templates/front/channels.html');
  });
});

describe('numbered migrations', () => {
  it('count less unless the question asks about migrations or the schema', () => {
    const q = 'how are story URLs normalized?';
    for (const rel of [
      'db/migrate/20230828195756_backfill_links.rb', 'db/old_migrations/20200807021926_memoize_score.rb', 'hc/accounts/migrations/0004_profile_api_key.py',
      'database/migrations/2014_10_12_000000_create_users_table.php', 'priv/repo/migrations/20160101_create_packages.exs',
      'src/Infrastructure/Data/Migrations/20201202111507_InitialModel.Designer.cs', 'src/Infrastructure/Data/Migrations/CatalogContextModelSnapshot.cs',
    ]) assert.equal(factor(q, rel), 0.5, rel);
    // Code about migrating is named for what it does, not by a number.
    const code = [
      'core/database/src/main/kotlin/DatabaseMigrations.kt', 'src/Illuminate/Database/Migrations/Migrator.php', 'hc/accounts/migrations/__init__.py',
    ];
    for (const rel of code) assert.equal(factor(q, rel), 1, rel);
    assert.equal(factor('which migration added the normalized URL column?', 'db/migrate/20230828195756_backfill_links.rb'), 1);
    assert.equal(factor('how did the schema of stories change?', 'db/migrate/20230828195756_backfill_links.rb'), 1);
  });

  it('put the helper doing the work before the migration that once used it', async () => {
    const index = await indexCorpus({ 'db/migrate/20230828195756_backfill_links.rb': NORMALIZE_MIGRATION, 'extras/utils.rb': UTILS }, 'grounded-migrations-');
    const first = (q: string) => topPath(index, q);
    assert.equal(await first('how is a story url normalized before it is compared?'), 'extras/utils.rb');
    assert.equal(await first('which migration normalized the story url?'), 'db/migrate/20230828195756_backfill_links.rb');
  });
});

describe('infrastructure as code, linters\' settings and .NET project files', () => {
  it('count as build files and manifests do', () => {
    const q = 'how do I use an in-memory database instead of SQL Server?';
    for (const rel of ['infra/core/database/sqlserver/sqlserver.bicep', 'infra/main.bicep', 'deploy/main.tf', 'deploy/prod.tfvars']) {
      assert.equal(factor(q, rel), 0.5, rel);
    }
    assert.equal(factor('how is the app deployed to Azure?', 'infra/main.bicep'), 1);
    assert.equal(factor('how does the public API issue JWT tokens?', 'src/PublicApi/PublicApi.csproj'), 0.5);
    assert.equal(factor('which packages does the public API depend on?', 'src/PublicApi/PublicApi.csproj'), 1);
    assert.equal(factor('how does the public API issue JWT tokens?', 'src/PublicApi/Program.cs'), 1);
    for (const rel of ['config/brakeman.ignore', '.rubocop.yml', '.eslintrc.json', 'phpstan-baseline.neon', '.golangci.yml', 'rustfmt.toml']) {
      assert.equal(factor('how is comment markdown rendered to HTML?', rel), 0.5, rel);
    }
    assert.equal(factor('which warnings does brakeman ignore?', 'config/brakeman.ignore'), 1);
    assert.equal(factor('which rules does the linter enforce?', '.eslintrc.json'), 1);
  });
});
