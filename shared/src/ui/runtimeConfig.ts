/** The runtime config, fetched once from the server's /config.json and kept for every part of the page. */
import { createStore } from 'zustand/vanilla';
import type { RuntimeConfig } from '../core/config';

const configStore = createStore<{ config: RuntimeConfig | null }>(() => ({ config: null }));
let pending: Promise<RuntimeConfig> | null = null;

export function setRuntimeConfig(config: RuntimeConfig): void {
  configStore.setState({ config });
}

/** Fetches /config.json (once; a failure is not cached so a later call tries again). */
export function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const current = configStore.getState().config;
  if (current) return Promise.resolve(current);
  if (!pending) {
    // no `cache: 'no-store'` here (the server sends Cache-Control: no-store): it would keep the browser from using
    // the response that index.html preloads
    pending = fetch(url, { credentials: 'same-origin' })
      .then(async (res) => {
        if (!res.ok) throw new Error(`Could not load the site configuration (HTTP ${res.status}).`);
        const config = (await res.json()) as RuntimeConfig;
        setRuntimeConfig(config);
        return config;
      })
      .finally(() => {
        pending = null;
      });
  }
  return pending;
}

export function getRuntimeConfig(): RuntimeConfig {
  const config = configStore.getState().config;
  if (!config) throw new Error('The runtime config is not loaded yet: call loadRuntimeConfig() first.');
  return config;
}
