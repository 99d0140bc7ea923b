/** The assistant's conversations in the SQLite file: each session's turns, its owner, and pruning old ones. */
import type Database from 'better-sqlite3';
import type { ChatMessages, ChatTurn } from '../types';

export class SqliteChat implements ChatMessages {
  constructor(private readonly db: Database.Database) {}

  async list(sessionId: string, limit: number): Promise<ChatTurn[]> {
    const rows = this.db
      .prepare('SELECT role, content FROM (SELECT seq, role, content FROM chat_messages WHERE session_id = ? ORDER BY seq DESC LIMIT ?) ORDER BY seq')
      .all(sessionId, limit) as ChatTurn[];
    return rows.map((r) => ({ role: r.role, content: r.content }));
  }

  async append(sessionId: string, turns: readonly ChatTurn[], at: Date): Promise<void> {
    const insert = this.db.prepare('INSERT INTO chat_messages (session_id, role, content, created_at) VALUES (?, ?, ?, ?)');
    const when = at.toISOString();
    this.db.transaction(() => {
      for (const t of turns) insert.run(sessionId, t.role, t.content, when);
    })();
  }

  async claim(sessionId: string, ownerHash: string, at: Date): Promise<string> {
    this.db
      .prepare('INSERT INTO chat_sessions (session_id, owner_hash, created_at) VALUES (?, ?, ?) ON CONFLICT (session_id) DO NOTHING')
      .run(sessionId, ownerHash, at.toISOString());
    return (this.db.prepare('SELECT owner_hash FROM chat_sessions WHERE session_id = ?').get(sessionId) as { owner_hash: string }).owner_hash;
  }

  async owner(sessionId: string): Promise<string | undefined> {
    return (this.db.prepare('SELECT owner_hash FROM chat_sessions WHERE session_id = ?').get(sessionId) as { owner_hash: string } | undefined)?.owner_hash;
  }

  async prune(before: Date): Promise<number> {
    const cutoff = before.toISOString();
    return this.db.transaction(() => {
      const gone = new Set<string>();
      const messages = this.db
        .prepare(
          'DELETE FROM chat_messages WHERE session_id IN (SELECT session_id FROM chat_messages GROUP BY session_id HAVING MAX(created_at) < ?) RETURNING session_id',
        )
        .all(cutoff) as { session_id: string }[];
      const sessions = this.db
        .prepare(
          'DELETE FROM chat_sessions WHERE created_at < ? AND NOT EXISTS (SELECT 1 FROM chat_messages m WHERE m.session_id = chat_sessions.session_id) RETURNING session_id',
        )
        .all(cutoff) as { session_id: string }[];
      for (const r of [...messages, ...sessions]) gone.add(r.session_id);
      return gone.size;
    })();
  }
}
