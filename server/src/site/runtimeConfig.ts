/** GET /config.json: the runtime config the shell reads at start-up (docs/architecture.md, "The runtime config"). */
import { REMOTE_NAMES, isTileUrlTemplate, joinUrl, type MapTilesConfig, type RemoteName, type RuntimeConfig } from '@gta/shared/core';
import type { ServerConfig } from '../config';
import { AIRTABLE_API_PATH, AUTH_BASE_PATH, LOCAL_CHAT_PATH, WEBHOOK_BASE_PATH } from '../http/paths';

/** Builds the config for a request arriving at `origin` (absolute URLs, so remotes on other origins work too). */
export function buildRuntimeConfig(config: ServerConfig, origin: string): RuntimeConfig {
  const remotes = {} as Record<RemoteName, string>;
  for (const name of REMOTE_NAMES) remotes[name] = config.remoteOverrides[name] ?? `${origin}/remotes/${name}/mf-manifest.json`;
  return {
    remotes,
    airtable: {
      endpointUrl: `${origin}${AIRTABLE_API_PATH}`,
      // proxy mode: the browser names the real base (the server checks it); otherwise the local base
      baseId: config.airtableBaseId && config.airtableToken ? config.airtableBaseId : config.localBaseId,
    },
    // forms always post to this server: it validates, stores, then forwards to n8n when N8N_WEBHOOK_BASE is set
    webhookBase: joinUrl(origin, WEBHOOK_BASE_PATH),
    chatWebhookUrl: config.n8nChatUrl ?? `${origin}${LOCAL_CHAT_PATH}`,
    authBase: `${origin}${AUTH_BASE_PATH}`,
    ...(mapTiles(config) ? { map: mapTiles(config) } : {}),
  };
}

/**
 * The map page's tile provider (MAP_STYLE_URL, MAP_ATTRIBUTION), or undefined: not set, or not a raster tile URL
 * template (the server logs that at start, and the map shows its embedded base map).
 */
export function mapTiles(config: Pick<ServerConfig, 'mapStyleUrl' | 'mapAttribution'>): MapTilesConfig | undefined {
  if (!config.mapStyleUrl || !isTileUrlTemplate(config.mapStyleUrl)) return undefined;
  const host = new URL(config.mapStyleUrl.replace(/\{[a-z]+\}/g, '0')).host;
  return { tileUrl: config.mapStyleUrl, attribution: config.mapAttribution ?? `Map tiles: ${host}` };
}
