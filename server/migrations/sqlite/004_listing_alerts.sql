-- Saved searches with listing alerts ('Alert me' on the search results; src/alerts). The confirm token is kept as
-- its SHA-256 only; the unsubscribe token as is, since every alert carries its link.
CREATE TABLE IF NOT EXISTS saved_searches (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  frequency TEXT NOT NULL CHECK (frequency IN ('instant', 'daily', 'weekly')),
  criteria TEXT NOT NULL,
  summary TEXT NOT NULL,
  site_origin TEXT NOT NULL,
  confirm_token_hash TEXT NOT NULL UNIQUE,
  unsubscribe_token TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  confirmed_at INTEGER,
  unsubscribed_at INTEGER,
  baselined_at INTEGER,
  last_alert_at INTEGER,
  alerts_sent INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS saved_searches_created ON saved_searches (created_at);
-- What each saved search has already seen or announced: a listing once, and again only below its lowest price.
CREATE TABLE IF NOT EXISTS saved_search_listings (
  search_id TEXT NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
  listing_id TEXT NOT NULL,
  lowest_price REAL,
  first_seen_at INTEGER NOT NULL,
  alert_id TEXT,
  PRIMARY KEY (search_id, listing_id)
);
