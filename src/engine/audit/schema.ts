/** Schema of the per-workspace audit and memory database (seed 004 tables plus conversation memory). */
export const schemaVersion = 2;

export const schemaSql = `
CREATE TABLE IF NOT EXISTS plans (
  id TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL,
  intent TEXT NOT NULL,
  plan_json TEXT NOT NULL,
  validation_json TEXT NOT NULL,
  evidence_json TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS executions (
  id TEXT PRIMARY KEY,
  plan_id TEXT,
  step_id TEXT,
  tool TEXT NOT NULL,
  arguments_json TEXT NOT NULL,
  path TEXT,
  started_at INTEGER NOT NULL,
  finished_at INTEGER,
  success INTEGER,
  status TEXT NOT NULL,
  error_text TEXT,
  owner_pid INTEGER,
  owner_host TEXT
);
CREATE INDEX IF NOT EXISTS executions_tool ON executions(tool, started_at);
CREATE INDEX IF NOT EXISTS executions_path ON executions(path, started_at);
CREATE TABLE IF NOT EXISTS execution_artifacts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  execution_id TEXT NOT NULL,
  artifact_type TEXT NOT NULL,
  content_json TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS artifacts_execution ON execution_artifacts(execution_id);
CREATE TABLE IF NOT EXISTS authorizations (
  id TEXT PRIMARY KEY,
  plan_id TEXT NOT NULL,
  step_id TEXT,
  decision TEXT NOT NULL,
  mode TEXT NOT NULL,
  decided_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS llm_exchanges (
  id TEXT PRIMARY KEY,
  plan_id TEXT,
  query_id TEXT,
  created_at INTEGER NOT NULL,
  prompt_sha256 TEXT NOT NULL,
  response_sha256 TEXT NOT NULL,
  kept_text TEXT,
  provider TEXT,
  model TEXT,
  prompt_bytes INTEGER,
  response_bytes INTEGER
);
CREATE TABLE IF NOT EXISTS diagnostics (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  execution_id TEXT,
  path TEXT NOT NULL,
  line INTEGER,
  code TEXT,
  severity TEXT NOT NULL,
  message TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS diagnostics_code ON diagnostics(code, path);
CREATE TABLE IF NOT EXISTS messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  conversation_id TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'tool')),
  content TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS messages_conversation ON messages(conversation_id, id);
`;

/**
 * Upgrades of databases made by earlier versions (key: the version they bring a database to).
 * `schemaSql` already has the newest shape, so a new database gets only `schemaSql`.
 */
export const schemaMigrations: Record<number, string> = {
  // v2: the reconstruction shows which model an exchange went to and how large it was.
  2: `
ALTER TABLE llm_exchanges ADD COLUMN provider TEXT;
ALTER TABLE llm_exchanges ADD COLUMN model TEXT;
ALTER TABLE llm_exchanges ADD COLUMN prompt_bytes INTEGER;
ALTER TABLE llm_exchanges ADD COLUMN response_bytes INTEGER;
`,
};
