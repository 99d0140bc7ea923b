/** GET /config.json: the runtime config the shell reads at start-up (docs/architecture.md, "The runtime config"). */
import { REMOTE_NAMES, isPmtilesUrl, isTileUrlTemplate, joinUrl, type MapTilesConfig, type RemoteName, type RuntimeConfig } from '@gta/shared/core';
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
    chatReplyTimeoutMs: config.chatReplyTimeoutMs,
    authBase: `${origin}${AUTH_BASE_PATH}`,
    ...(mapTiles(config) ? { map: mapTiles(config) } : {}),
  };
}

/** The settings the maps' base map is read from. */
export type MapSettings = Pick<ServerConfig, 'mapStyleUrl' | 'mapAttribution' | 'mapTileKey' | 'mapPmtilesUrl'>;

/** OpenStreetMap's credit, which a Protomaps basemap archive (built from OpenStreetMap) requires. */
export const PMTILES_ATTRIBUTION =
  '<a href="https://protomaps.com">Protomaps</a> © <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/**
 * The maps' base map, or undefined (the embedded one): MAP_PMTILES_URL when it is an http(s) .pmtiles URL, else
 * MAP_STYLE_URL when it is a raster tile URL template (its {key} filled from MAP_TILE_KEY; a {key} left without a
 * key makes it unusable). What is set and unusable is logged at start (app.ts).
 */
export function mapTiles(config: MapSettings): MapTilesConfig | undefined {
  if (config.mapPmtilesUrl && isPmtilesUrl(config.mapPmtilesUrl))
    return { pmtilesUrl: config.mapPmtilesUrl, attribution: config.mapAttribution ?? PMTILES_ATTRIBUTION };
  if (!config.mapStyleUrl) return undefined;
  if (config.mapStyleUrl.includes('{key}') && !config.mapTileKey) return undefined;
  const tileUrl = config.mapTileKey ? config.mapStyleUrl.replace(/\{key\}/g, encodeURIComponent(config.mapTileKey)) : config.mapStyleUrl;
  if (!isTileUrlTemplate(tileUrl)) return undefined;
  const host = new URL(tileUrl.replace(/\{[a-z]+\}/g, '0')).host;
  return { tileUrl, attribution: config.mapAttribution ?? `Map tiles: ${host}` };
}

/** The URL the browser reads the base map from (a raster template or the archive), for the CSP. */
export function mapTilesSource(tiles: MapTilesConfig | undefined): { mapTileUrl?: string; pmtilesUrl?: string } {
  if (!tiles) return {};
  return 'pmtilesUrl' in tiles ? { pmtilesUrl: tiles.pmtilesUrl } : { mapTileUrl: tiles.tileUrl };
}
