/**
 * Chat history per session id, in the store's SQLite file (own table `chat_messages`), and the answer shapes of
 * n8n's loadPreviousSession (LangChain's serialised messages: id path + kwargs.content).
 */
import type Database from 'better-sqlite3';
import type { Role, Turn } from './reply';

export interface HistoryItem {
  lc: 1;
  type: 'constructor';
  id: string[];
  kwargs: { content: string; additional_kwargs: Record<string, never>; response_metadata: Record<string, never> };
}

export function toHistoryItem(turn: Turn): HistoryItem {
  return {
    lc: 1,
    type: 'constructor',
    id: ['langchain_core', 'messages', turn.role === 'human' ? 'HumanMessage' : 'AIMessage'],
    kwargs: { content: turn.content, additional_kwargs: {}, response_metadata: {} },
  };
}

/** Longest history kept per session (oldest dropped first when reading). */
export const HISTORY_LIMIT = 200;

export class ChatHistory {
  private readonly insert: Database.Statement<[string, Role, string, string]>;
  private readonly select: Database.Statement<[string, number]>;

  constructor(private readonly db: Database.Database) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS chat_messages (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        session_id TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('human', 'ai')),
        content TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS chat_messages_by_session ON chat_messages (session_id, seq);
    `);
    this.insert = db.prepare('INSERT INTO chat_messages (session_id, role, content, created_at) VALUES (?, ?, ?, ?)');
    this.select = db.prepare('SELECT role, content FROM (SELECT seq, role, content FROM chat_messages WHERE session_id = ? ORDER BY seq DESC LIMIT ?) ORDER BY seq');
  }

  list(sessionId: string, limit = HISTORY_LIMIT): Turn[] {
    return (this.select.all(sessionId, limit) as { role: Role; content: string }[]).map((r) => ({ role: r.role, content: r.content }));
  }

  /** Appends the visitor's message and the answer in one transaction. */
  appendExchange(sessionId: string, human: string, ai: string, at: Date = new Date()): void {
    const when = at.toISOString();
    this.db.transaction(() => {
      this.insert.run(sessionId, 'human', human, when);
      this.insert.run(sessionId, 'ai', ai, when);
    })();
  }
}
