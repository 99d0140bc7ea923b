/**
 * Chat history per session id, in the store (table `chat_messages`: SQLite or PostgreSQL, so any replica answers
 * a conversation another one began), and the answer shapes of n8n's loadPreviousSession (LangChain's serialised
 * messages: id path + kwargs.content).
 */
import type { ChatMessages } from '../store/store';
import type { Turn } from './reply';

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
  constructor(private readonly messages: ChatMessages) {}

  list(sessionId: string, limit = HISTORY_LIMIT): Promise<Turn[]> {
    return this.messages.list(sessionId, limit);
  }

  /** Appends the visitor's message and the answer in one transaction. */
  appendExchange(sessionId: string, human: string, ai: string, at: Date = new Date()): Promise<void> {
    return this.messages.append(
      sessionId,
      [
        { role: 'human', content: human },
        { role: 'ai', content: ai },
      ],
      at,
    );
  }
}
