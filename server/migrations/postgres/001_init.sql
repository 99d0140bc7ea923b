-- The whole schema for the shared store of replicas (DATABASE_URL).
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
-- version: bumped by every insert into the table, in the same transaction (a replica's read cache compares it)
CREATE TABLE IF NOT EXISTS record_tables (
  name TEXT PRIMARY KEY,
  fields JSONB NOT NULL DEFAULT '[]',
  version BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS records (
  seq BIGSERIAL PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  table_name TEXT NOT NULL,
  created_time TEXT NOT NULL,
  fields JSONB NOT NULL
);
CREATE INDEX IF NOT EXISTS records_by_table ON records (table_name, seq);
CREATE TABLE IF NOT EXISTS sessions (
  token_hash TEXT PRIMARY KEY,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS outbox (
  seq BIGSERIAL PRIMARY KEY,
  record_id TEXT NOT NULL,
  target TEXT NOT NULL,
  webhook_path TEXT NOT NULL,
  payload JSONB NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  state TEXT NOT NULL DEFAULT 'pending',
  next_attempt_at BIGINT NOT NULL,
  lease_owner TEXT,
  lease_until BIGINT,
  last_error TEXT,
  created_at BIGINT NOT NULL,
  delivered_at BIGINT,
  remote_id TEXT
);
CREATE INDEX IF NOT EXISTS outbox_pending ON outbox (state, next_attempt_at);
CREATE INDEX IF NOT EXISTS outbox_by_submission ON outbox (record_id);
CREATE TABLE IF NOT EXISTS chat_messages (
  seq BIGSERIAL PRIMARY KEY,
  session_id TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('human', 'ai')),
  content TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_messages_by_session ON chat_messages (session_id, seq);
CREATE TABLE IF NOT EXISTS counters (
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  value JSONB NOT NULL,
  expires_at BIGINT NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX IF NOT EXISTS counters_expiry ON counters (expires_at);
