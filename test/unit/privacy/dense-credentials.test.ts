import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scrubText } from '../../../src/engine/privacy/scrubber';
import { fake } from './corpus-helpers';

// Session 20: credentials the scrubber let out in scanner fixtures and config files. A file of short credential
// lines (more than 32 keyword hits in a KB), `.pgpass` lines, ODBC values in braces holding `;`. Every value is made up.

test('a file of short credential lines has every password redacted, not only those before its 32nd keyword', () => {
  const values = Array.from({ length: 24 }, (_, i) => `${fake(10, 'alnum', 2000 + i)}7q`);
  const lines = values.map((v, i) => (i % 2 === 0 ? `password_${i} = "${v}"  # secret token key` : `os.getenv("PASSWORD_${i}", "${v}")`));
  const out = scrubText(lines.join('\n')).text;
  for (const v of values) assert.ok(!out.includes(v), `left out: ${v}`);
  assert.equal(out.split('\n').length, lines.length);
});

test('the password of a .pgpass line is redacted, and nothing else of it', () => {
  const pw = `${fake(12, 'alnum', 2030)}`;
  const escaped = `${fake(5, 'alnum', 2031)}\\:${fake(6, 'alnum', 2032)}`;
  const input = [
    `localhost:5432:orders:app_user:${pw}`,
    `*:*:*:postgres:${escaped}`,
    `echo "db.internal:5432:*:report:${pw}x" >> ~/.pgpass`,
  ].join('\n');
  const out = scrubText(input).text;
  assert.equal(out, [
    'localhost:5432:orders:app_user:[REDACTED:password#1]',
    '*:*:*:postgres:[REDACTED:password#2]',
    'echo "db.internal:5432:*:report:[REDACTED:password#3]" >> ~/.pgpass',
  ].join('\n'));
});

test('lines of five colon-separated fields that are not .pgpass lines are kept', () => {
  const kept = [
    '12:30:45:123:456',
    'main.go:42:13: undefined: x',
    'src/app.ts:12:5:warning:unused',
    'root:x:0:0:root:/root:/bin/bash',
    'localhost:5432:orders:app_user:*',
    'localhost:5432:orders:app_user:${PGPASSWORD}',
    'redis:6379:0:default:abc',
    'time 10:20:ab:cd:ef',
  ].join('\n');
  assert.equal(scrubText(kept).text, kept);
});

test('an ODBC password in braces keeps its ; and }} inside one placeholder', () => {
  const pw = `${fake(5, 'alnum', 2040)};${fake(5, 'alnum', 2041)}}}!`;
  const input = `Driver={ODBC Driver 18 for SQL Server};Server=db;Uid=app;Pwd={${pw}};Encrypt=yes`;
  assert.equal(scrubText(input).text, 'Driver={ODBC Driver 18 for SQL Server};Server=db;Uid=app;Pwd={[REDACTED:password#1]};Encrypt=yes');
  const quoted = `"Server=srv;Password={${fake(4, 'alnum', 2042)};${fake(4, 'alnum', 2043)}}"`;
  assert.equal(scrubText(quoted).text, '"Server=srv;Password={[REDACTED:password#1]}"');
});

test('braces that are not a value in braces are kept: a variable, a placeholder, an unclosed brace', () => {
  const kept = 'Pwd={DB_PASS};\nPwd={your;password};\nPwd={a;b c};\nPwd={abc;def\n';
  assert.equal(scrubText(kept).text, kept);
});

test('a format string with named fields under a password key is kept', () => {
  const kept = 'format_password = f"prefix_{dynamic_value}"\nconn_password = "{user_name}:{db_pass}@host"\n';
  assert.equal(scrubText(kept).text, kept);
});

test('a Dockerfile ENV or ARG line and a docker -e option are data: a letters-only password there is redacted', () => {
  const input = 'ENV KEYCLOAK_ADMIN_PASSWORD=hunter\nARG DB_PASSWORD=letmein\ndocker run -e MYSQL_ROOT_PASSWORD=tigerlily -p 3306:3306 mysql';
  assert.equal(scrubText(input).text, 'ENV KEYCLOAK_ADMIN_PASSWORD=[REDACTED:password#1]\nARG DB_PASSWORD=[REDACTED:password#2]\n' +
    'docker run -e MYSQL_ROOT_PASSWORD=[REDACTED:password#3] -p 3306:3306 mysql');
  const kept = 'ENV PATH=/usr/local/bin:$PATH\nENV API_KEY=${API_KEY}\ndocker run -e PASSWORD=$PASSWORD -e TOKEN_FILE=/run/secrets/t img';
  assert.equal(scrubText(kept).text, kept);
});

test('a PostgreSQL role\'s password is redacted, letters only too; prose and NULL are kept', () => {
  const input = "CREATE ROLE \"app\" WITH LOGIN ENCRYPTED PASSWORD 'letmein' VALID UNTIL 'infinity';\nALTER USER report PASSWORD 'hunter';";
  assert.equal(scrubText(input).text,
    "CREATE ROLE \"app\" WITH LOGIN ENCRYPTED PASSWORD '[REDACTED:password#1]' VALID UNTIL 'infinity';\nALTER USER report PASSWORD '[REDACTED:password#2]';");
  const kept = "ALTER USER app WITH PASSWORD NULL;\nthe password 'hunter' is weak\nCREATE USER x WITH PASSWORD '${PW}';";
  assert.equal(scrubText(kept).text, kept);
});
