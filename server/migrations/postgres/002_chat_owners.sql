-- Each chat session belongs to the browser that began it (a hash of the secret in its HttpOnly cookie).
CREATE TABLE IF NOT EXISTS chat_sessions (
  session_id TEXT PRIMARY KEY,
  owner_hash TEXT NOT NULL,
  created_at TEXT NOT NULL
);
