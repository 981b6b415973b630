import { fake, R } from './corpus-helpers';

// Whole files as they appear in real projects, with the exact text the scrubber must return.

const AKIA = `AKIA${fake(16, 'upper', 101)}`;
const AWS_SECRET = fake(40, 'b64', 102).replace(/\+/g, 'B');
const STRIPE = `sk_live_${fake(24, 'alnum', 103)}`;
const SESSION_SECRET = fake(48, 'hex', 104);
const PEM_JSON = Array.from({ length: 4 }, (_, i) => fake(64, 'b64', 110 + i)).join('\\n');
const KEY_ID = fake(40, 'hex', 105);

export interface FileCase {
  name: string;
  input: string;
  expected: string;
}

export const fileCases: FileCase[] = [
  {
    name: '.env',
    input: `# Local development settings
NODE_ENV=development
PORT=3000
DATABASE_URL=postgres://app:Xy7kLm9q@localhost:5432/app_dev
REDIS_URL=redis://localhost:6379
AWS_ACCESS_KEY_ID=${AKIA}
AWS_SECRET_ACCESS_KEY=${AWS_SECRET}
STRIPE_SECRET_KEY=${STRIPE}
SESSION_SECRET=${SESSION_SECRET}
ADMIN_EMAIL=ops@acme-corp.com
ADMIN_PASSWORD=changeme
LOG_LEVEL=debug
`,
    expected: `# Local development settings
NODE_ENV=development
PORT=3000
DATABASE_URL=postgres://app:${R('connection_string')}@localhost:5432/app_dev
REDIS_URL=redis://localhost:6379
AWS_ACCESS_KEY_ID=${R('aws_access_key')}
AWS_SECRET_ACCESS_KEY=${R('aws_secret_key')}
STRIPE_SECRET_KEY=${R('stripe_key')}
SESSION_SECRET=${R('api_key')}
ADMIN_EMAIL=${R('email')}
ADMIN_PASSWORD=changeme
LOG_LEVEL=debug
`,
  },
  {
    name: 'docker-compose.yml',
    input: `version: "3.9"
services:
  db:
    image: postgres:16.2-alpine
    environment:
      POSTGRES_USER: app
      POSTGRES_PASSWORD: Pg-s3cret-2024
      POSTGRES_DB: app
    ports:
      - "5432:5432"
  api:
    build: .
    environment:
      - DATABASE_URL=postgresql://app:Pg-s3cret-2024@db:5432/app
      - JWT_SECRET=\${JWT_SECRET}
      - SMTP_PASSWORD=\${SMTP_PASSWORD:-}
    networks:
      backend:
        ipv4_address: 172.28.1.4
networks:
  backend:
    ipam:
      config:
        - subnet: 172.28.0.0/16
`,
    expected: `version: "3.9"
services:
  db:
    image: postgres:16.2-alpine
    environment:
      POSTGRES_USER: app
      POSTGRES_PASSWORD: ${R('password')}
      POSTGRES_DB: app
    ports:
      - "5432:5432"
  api:
    build: .
    environment:
      - DATABASE_URL=postgresql://app:${R('connection_string')}@db:5432/app
      - JWT_SECRET=\${JWT_SECRET}
      - SMTP_PASSWORD=\${SMTP_PASSWORD:-}
    networks:
      backend:
        ipv4_address: ${R('ip_address')}
networks:
  backend:
    ipam:
      config:
        - subnet: 172.28.0.0/16
`,
  },
  {
    name: 'application.properties (Java)',
    input: `server.port=8080
spring.datasource.url=jdbc:mysql://10.20.30.40:3306/shop?useSSL=true
spring.datasource.username=shop
spring.datasource.password=Sh0p-Pa55!
spring.mail.host=smtp.acme-corp.com
spring.mail.username=noreply@acme-corp.com
spring.mail.password=\${MAIL_PASSWORD}
management.endpoints.web.exposure.include=health,info
app.version=2.4.1
`,
    expected: `server.port=8080
spring.datasource.url=jdbc:mysql://${R('ip_address')}:3306/shop?useSSL=true
spring.datasource.username=shop
spring.datasource.password=${R('password')}
spring.mail.host=smtp.acme-corp.com
spring.mail.username=${R('email')}
spring.mail.password=\${MAIL_PASSWORD}
management.endpoints.web.exposure.include=health,info
app.version=2.4.1
`,
  },
  {
    name: 'settings.py (Django)',
    input: `import os
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
SECRET_KEY = "django-insecure-7x#q2!vk@9m$w1z"
DEBUG = True
ALLOWED_HOSTS = ["localhost", "127.0.0.1", "192.168.0.12"]

DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "shop",
        "USER": "shop",
        "PASSWORD": os.environ.get("DB_PASSWORD", ""),
        "HOST": "db.internal",
        "PORT": 5432,
    }
}

EMAIL_HOST_PASSWORD = "mail-Pa55-word"
ADMINS = [("Jane Doe", "jane.doe@acme-corp.com")]
`,
    expected: `import os
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
SECRET_KEY = "${R('api_key')}"
DEBUG = True
ALLOWED_HOSTS = ["localhost", "127.0.0.1", "${R('ip_address')}"]

DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "shop",
        "USER": "shop",
        "PASSWORD": os.environ.get("DB_PASSWORD", ""),
        "HOST": "db.internal",
        "PORT": 5432,
    }
}

EMAIL_HOST_PASSWORD = "${R('password')}"
ADMINS = [("${R('person_name')}", "${R('email')}")]
`,
  },
  {
    name: 'service-account.json (Google Cloud)',
    input: `{
  "type": "service_account",
  "project_id": "acme-prod-123",
  "private_key_id": "${KEY_ID}",
  "private_key": "-----BEGIN PRIVATE KEY-----\\n${PEM_JSON}\\n-----END PRIVATE KEY-----\\n",
  "client_email": "deployer@acme-prod-123.iam.gserviceaccount.com",
  "client_id": "104857600000000000001",
  "auth_uri": "https://accounts.google.com/o/oauth2/auth",
  "token_uri": "https://oauth2.googleapis.com/token"
}
`,
    expected: `{
  "type": "service_account",
  "project_id": "acme-prod-123",
  "private_key_id": "${R('gcp_private_key_id')}",
  "private_key": "${R('private_key')}\\n",
  "client_email": "${R('email')}",
  "client_id": "104857600000000000001",
  "auth_uri": "https://accounts.google.com/o/oauth2/auth",
  "token_uri": "https://oauth2.googleapis.com/token"
}
`,
  },
  {
    name: 'package-lock.json excerpt',
    input: `{
  "name": "grounded-demo",
  "version": "1.0.0",
  "lockfileVersion": 3,
  "packages": {
    "node_modules/lodash": {
      "version": "4.17.21",
      "resolved": "https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz",
      "integrity": "sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+LFTGHVxVjcXPs17LhbZVGedAJv8XZ1tvj5FvSg==",
      "license": "MIT"
    },
    "node_modules/uuid": {
      "version": "9.0.1",
      "resolved": "https://registry.npmjs.org/uuid/-/uuid-9.0.1.tgz",
      "integrity": "sha512-b+1eJOlsR9K8HJpow9Ok3fiWOWSIcIzXodvv0rQjVoOVNpWMpxf1wZNpt4y9h10odCNrqnYp1OBzRktckBe3sA==",
      "funding": ["https://github.com/sponsors/broofa"]
    }
  }
}
`,
    expected: '',
  },
  {
    name: 'theme.css',
    input: `:root {
  --brand: #1a73e8;
  --brand-dark: #0b57d0;
  --text: #202124;
}
.card {
  margin: 0 auto 16px;
  box-shadow: 0 1px 2px rgba(60, 64, 67, 0.3), 0 1px 3px 1px rgba(60, 64, 67, 0.15);
  background: url("img/card@2x.png") no-repeat;
  font: 14px/1.5 "Roboto", sans-serif;
  transition: opacity 150ms cubic-bezier(0.4, 0, 0.2, 1);
}
@media (min-width: 1024px) and (max-width: 1439.98px) { .card { width: 33.333%; } }
`,
    expected: '',
  },
  {
    name: 'ids.go (UUIDs and SHAs)',
    input: `package fixtures

import "github.com/google/uuid"

// Commits pinned by the release tests.
const (
	ReleaseCommit = "3f786850e387550fdab836ed7e6dc881de23001b"
	TreeHash      = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
	MaxUpload     = 1073741824
	Epoch         = 1700000000000
)

var TenantID = uuid.MustParse("550e8400-e29b-41d4-a716-446655440000")

func Ports() []int { return []int{80, 443, 8080, 8443} }

var listen = "0.0.0.0:8080"
var apiKey = os.Getenv("API_KEY")
`,
    expected: '',
  },
];
