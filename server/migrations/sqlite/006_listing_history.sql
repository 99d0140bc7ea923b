-- Price and status history of the listings (src/listings/history.ts): the site compares the listings table with what
-- it last saw of each listing (listing_state) whenever the table changes (a write through the records API, the
-- Airtable sync) and at start, and records each change it sees (listing_events). A listing's first row is 'listed'
-- (first seen, with its price and status then); later rows are 'price' and 'status' changes.
CREATE TABLE IF NOT EXISTS listing_state (
  listing_id TEXT PRIMARY KEY,
  price REAL,
  status TEXT,
  first_seen_at INTEGER NOT NULL,
  changed_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS listing_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  listing_id TEXT NOT NULL,
  at INTEGER NOT NULL,
  kind TEXT NOT NULL,
  price REAL,
  previous_price REAL,
  status TEXT,
  previous_status TEXT
);
CREATE INDEX IF NOT EXISTS listing_events_by_listing ON listing_events (listing_id, seq);
