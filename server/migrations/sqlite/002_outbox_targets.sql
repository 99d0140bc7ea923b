-- The outbox delivers to n8n and to Airtable, parks permanent failures for staff, and records a lease per row.
ALTER TABLE outbox ADD COLUMN target TEXT NOT NULL DEFAULT 'n8n';
ALTER TABLE outbox ADD COLUMN state TEXT NOT NULL DEFAULT 'pending';
ALTER TABLE outbox ADD COLUMN lease_owner TEXT;
ALTER TABLE outbox ADD COLUMN lease_until INTEGER;
ALTER TABLE outbox ADD COLUMN remote_id TEXT;
ALTER TABLE outbox ADD COLUMN created_at INTEGER NOT NULL DEFAULT 0;
UPDATE outbox SET state = 'delivered' WHERE delivered_at IS NOT NULL;
UPDATE outbox SET created_at = next_attempt_at WHERE created_at = 0;
CREATE INDEX IF NOT EXISTS outbox_pending ON outbox (state, next_attempt_at);
CREATE INDEX IF NOT EXISTS outbox_by_submission ON outbox (record_id);
-- databases of schema 1 created this table only when the assistant first ran
CREATE TABLE IF NOT EXISTS chat_messages (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  session_id TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('human', 'ai')),
  content TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_messages_by_session ON chat_messages (session_id, seq);
