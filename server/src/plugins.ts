/**
 * Route plugins registered by index.ts after the built-in routes. The local chat assistant (server/src/assistant)
 * adds itself here, and so do listing alerts (server/src/alerts): `export const plugins: ServerPlugin[] = [registerAssistant, registerAlerts];`
 */
import type { ServerApp } from './serverApp';
import { registerAssistant } from './assistant';
import { registerAlerts } from './alerts';

export type ServerPlugin = (app: ServerApp) => void | Promise<void>;

export const plugins: ServerPlugin[] = [registerAssistant, registerAlerts];
