-- The archive of built files (src/site/buildArchive.ts): each replica records the content-hashed files of the builds it
-- serves (the shell and the remotes it hosts), so a replica of another build still answers a tab that was opened on
-- this one. A file is kept once per part and path (the name carries its content hash) and belongs to every build that
-- ships it; pruning removes builds past the retention and then the files no kept build names.
CREATE TABLE IF NOT EXISTS archived_files (
  part TEXT NOT NULL,
  path TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  size INTEGER NOT NULL,
  body BYTEA NOT NULL,
  archived_at BIGINT NOT NULL,
  PRIMARY KEY (part, path)
);
CREATE TABLE IF NOT EXISTS archived_builds (
  part TEXT NOT NULL,
  build_id TEXT NOT NULL,
  files INTEGER NOT NULL,
  bytes BIGINT NOT NULL,
  first_served_at BIGINT NOT NULL,
  last_served_at BIGINT NOT NULL,
  PRIMARY KEY (part, build_id)
);
CREATE TABLE IF NOT EXISTS archived_build_files (
  part TEXT NOT NULL,
  build_id TEXT NOT NULL,
  path TEXT NOT NULL,
  PRIMARY KEY (part, build_id, path),
  FOREIGN KEY (part, build_id) REFERENCES archived_builds (part, build_id) ON DELETE CASCADE,
  FOREIGN KEY (part, path) REFERENCES archived_files (part, path)
);
CREATE INDEX IF NOT EXISTS archived_build_files_by_file ON archived_build_files (part, path);
