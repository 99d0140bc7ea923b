/**
 * Route plugins registered by index.ts after the built-in routes. The local chat assistant (server/src/assistant)
 * adds itself here: `export const plugins: ServerPlugin[] = [registerAssistant];`
 */
import type { ServerApp } from './app';
import { registerAssistant } from './assistant';

export type ServerPlugin = (app: ServerApp) => void | Promise<void>;

export const plugins: ServerPlugin[] = [registerAssistant];
