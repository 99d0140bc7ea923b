/** The assistant's conversations in PostgreSQL: each session's turns, its owner, and pruning old ones. */
import type { Pool } from 'pg';
import type { ChatMessages, ChatTurn } from '../types';
import { transaction } from './pool';

export class PgChat implements ChatMessages {
  constructor(private readonly pool: Pool) {}

  async list(sessionId: string, limit: number): Promise<ChatTurn[]> {
    const { rows } = await this.pool.query<ChatTurn>(
      'SELECT role, content FROM (SELECT seq, role, content FROM chat_messages WHERE session_id = $1 ORDER BY seq DESC LIMIT $2) recent ORDER BY seq',
      [sessionId, limit],
    );
    return rows.map((r) => ({ role: r.role, content: r.content }));
  }

  async append(sessionId: string, turns: readonly ChatTurn[], at: Date): Promise<void> {
    await transaction(this.pool, async (client) => {
      for (const t of turns)
        await client.query('INSERT INTO chat_messages (session_id, role, content, created_at) VALUES ($1, $2, $3, $4)', [
          sessionId,
          t.role,
          t.content,
          at.toISOString(),
        ]);
    });
  }

  async claim(sessionId: string, ownerHash: string, at: Date): Promise<string> {
    await this.pool.query('INSERT INTO chat_sessions (session_id, owner_hash, created_at) VALUES ($1, $2, $3) ON CONFLICT (session_id) DO NOTHING', [
      sessionId,
      ownerHash,
      at.toISOString(),
    ]);
    const { rows } = await this.pool.query<{ owner_hash: string }>('SELECT owner_hash FROM chat_sessions WHERE session_id = $1', [sessionId]);
    return (rows[0] as { owner_hash: string }).owner_hash;
  }

  async owner(sessionId: string): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ owner_hash: string }>('SELECT owner_hash FROM chat_sessions WHERE session_id = $1', [sessionId]);
    return rows[0]?.owner_hash;
  }

  async prune(before: Date): Promise<number> {
    const cutoff = before.toISOString();
    // each statement decides on what it sees when it starts: a message written meanwhile keeps its session
    return transaction(this.pool, async (client) => {
      const messages = await client.query<{ session_id: string }>(
        'DELETE FROM chat_messages WHERE session_id IN (SELECT session_id FROM chat_messages GROUP BY session_id HAVING MAX(created_at) < $1) RETURNING session_id',
        [cutoff],
      );
      const sessions = await client.query<{ session_id: string }>(
        'DELETE FROM chat_sessions s WHERE created_at < $1 AND NOT EXISTS (SELECT 1 FROM chat_messages m WHERE m.session_id = s.session_id) RETURNING session_id',
        [cutoff],
      );
      return new Set([...messages.rows, ...sessions.rows].map((r) => r.session_id)).size;
    });
  }
}
