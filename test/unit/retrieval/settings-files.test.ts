import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { demotedFor, pathFactor } from '../../../src/engine/retrieval/path-demotion';
import { alternatesOf, extractTerms } from '../../../src/engine/retrieval/terms';
import { indexCorpus, topPath } from '../../support/corpus-index';

const factor = (question: string, rel: string) => pathFactor(rel, demotedFor(extractTerms(question)));

// A Spring Boot application's settings name the database as the framework does; a security class says "configure" throughout.
const PROPERTIES = `spring.datasource.url=jdbc:sqlite:dev.db
spring.datasource.driver-class-name=org.sqlite.JDBC
spring.datasource.username=
spring.datasource.password=
spring.jackson.deserialization.UNWRAP_ROOT_VALUE=true
jwt.sessionTime=86400
mybatis.configuration.cache-enabled=true
mybatis.configuration.default-statement-timeout=3000
mybatis.configuration.map-underscore-to-camel-case=true
mybatis.mapper-locations=mapper/*.xml
`;
const SECURITY_CONFIG = `package io.spring.api.security;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.annotation.web.configuration.WebSecurityConfigurerAdapter;

@Configuration
@EnableWebSecurity
public class WebSecurityConfig extends WebSecurityConfigurerAdapter {
  @Override
  protected void configure(HttpSecurity http) throws Exception {
    http.csrf().disable().cors().and().authorizeRequests().anyRequest().authenticated();
  }
}
`;

// A configuration class saying nothing but its annotation, named as the question's verb.
const MYBATIS_CONFIG = `package io.spring;

import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.annotation.EnableTransactionManagement;

@Configuration
@EnableTransactionManagement
public class MyBatisConfig {}
`;

const EMAIL_INITIALIZER = `if Rails.env.production?
  ActionMailer::Base.smtp_settings = {
    address: ENV.fetch("SMTP_HOST", "127.0.0.1"),
    port: Integer(ENV.fetch("SMTP_PORT", 25)),
    user_name: ENV.fetch("SMTP_USERNAME", nil),
    password: ENV.fetch("SMTP_PASSWORD", nil)
  }
end
`;
// A job saying mail and server, sending through whatever the initializer set.
const DIGEST_JOB = `class SendDigestJob < ApplicationJob
  # Sends the weekly digest by mail; the mail server is whatever ActionMailer was given.
  def perform(user)
    DigestMailer.weekly(user).deliver_now
    Rails.logger.info "digest mail sent to the server for #{user.id}"
  end
end
`;

// The rest of the application, which says neither.
const OTHERS = Object.fromEntries(
  ['Article', 'Comment', 'User', 'Tag', 'Profile', 'Favorite'].map((name) => [
    `src/main/java/io/spring/core/${name}Service.java`,
    `package io.spring.core;\n\npublic class ${name}Service {\n  public ${name} find${name}(String id) {\n    return repository.findById(id);\n  }\n}\n`,
  ]),
);

describe('the files an application reads its settings from', () => {
  it('count up when the question asks how to configure something', () => {
    const q = 'how do I configure the database connection?';
    for (const rel of [
      'src/main/resources/application.properties', 'src/main/resources/application-prod.yml', 'src/Web/appsettings.json',
      'src/Web/appsettings.Development.json', 'hc/settings.py', 'mysite/settings/production.py', 'config/runtime.exs',
      'config/initializers/email.rb', 'config/environments/production.rb', 'config/database.yml', 'config/session.php', '.env',
    ]) assert.equal(factor(q, rel), 2, rel);
    // The settings of the tests configure the tests; code under a config folder is code.
    for (const rel of ['src/main/resources/application-test.properties', 'config/test.exs', '.env.test', 'src/config/loader.ts', 'Config.java']) {
      assert.equal(factor(q, rel), 1, rel);
    }
    // A question about the code reading the settings is not asking how to configure.
    assert.equal(factor('how is the database connection opened?', 'src/main/resources/application.properties'), 1);
    assert.equal(factor('how are config files from several directories merged?', 'config/config.exs'), 1);
  });

  it('name the database by its data source', () => {
    assert.ok(alternatesOf('databas').includes('datasourc'));
    assert.ok(alternatesOf('datasourc').includes('databas'));
  });

  it('name mail by email, as a Rails initializer is named', async () => {
    assert.ok(alternatesOf('mail').includes('email'));
    const index = await indexCorpus(
      {
        'config/initializers/email.rb': EMAIL_INITIALIZER,
        'app/jobs/send_digest_job.rb': DIGEST_JOB,
        'app/models/user.rb': 'class User < ApplicationRecord\n  has_many :stories\nend\n',
      },
      'grounded-mail-',
    );
    assert.equal(await topPath(index, 'where is the SMTP server for mail set?'), 'config/initializers/email.rb');
  });

  it('put application.properties before configuration classes that only say configure', async () => {
    const index = await indexCorpus(
      {
        ...OTHERS,
        'src/main/resources/application.properties': PROPERTIES,
        'src/main/java/io/spring/api/security/WebSecurityConfig.java': SECURITY_CONFIG,
        'src/main/java/io/spring/MyBatisConfig.java': MYBATIS_CONFIG,
      },
      'grounded-settings-',
    );
    const ranked = (await index.search(extractTerms('how do I configure the database connection?'), 5)).map((c) => c.path);
    // Third behind both classes without the rule; the security class, saying configure all through, stays first.
    assert.ok(ranked.indexOf('src/main/resources/application.properties') < ranked.indexOf('src/main/java/io/spring/MyBatisConfig.java'), ranked.join());
    assert.equal(await topPath(index, 'how is CORS configured?'), 'src/main/java/io/spring/api/security/WebSecurityConfig.java');
  });
});
