/**
 * The base paths of the server's API routes: the features register under them, and /config.json
 * (site/runtimeConfig.ts) sends the browser the URLs built from them.
 */
export const AIRTABLE_API_PATH = '/api/airtable';
export const WEBHOOK_BASE_PATH = '/webhook';
export const AUTH_BASE_PATH = '/api/auth';
export const LOCAL_CHAT_PATH = '/chat/webhook';
