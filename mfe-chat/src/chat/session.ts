/** The session id: a UUID in localStorage under 'n8n-chat/sessionId' (the n8n chat library's key). */
export const SESSION_STORAGE_KEY = 'n8n-chat/sessionId';

export function newUuid(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The ids the local assistant accepts (server/src/assistant/handler.ts SESSION_ID): a UUID, or 22 to 128 URL-safe
 * characters made at random. A stored id of another shape is replaced by a fresh UUID.
 */
export const WELL_FORMED_SESSION_ID = /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[A-Za-z0-9_-]{22,128})$/;

/** The visitor's stored id when it is well formed, else null. */
export function readStoredSessionId(): string | null {
  try {
    const id = window.localStorage.getItem(SESSION_STORAGE_KEY);
    return id !== null && WELL_FORMED_SESSION_ID.test(id) ? id : null;
  } catch {
    return null; // storage blocked (private mode, policy): the chat still works for this page view
  }
}

export function storeSessionId(id: string): void {
  try {
    window.localStorage.setItem(SESSION_STORAGE_KEY, id);
  } catch {
    /* storage blocked: keep the id in memory only */
  }
}
