/** Test helpers: a server on a free port with its own temporary data folder. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, type CreateAppOptions, type ServerApp } from '../app';
import { readConfig, type ServerConfig } from '../config';

export interface TestServer {
  app: ServerApp;
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

export function tempDir(prefix = 'gta-server-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * The repository when its shell is built (a developer's tree: pages are server-rendered), else a folder with an empty
 * app page: `npm test` runs the unit suites before the build, when the real pages answer 503 "not built".
 */
export function repoWithAShell(): string {
  const repoRoot = readConfig({}).repoRoot;
  if (fs.existsSync(path.join(repoRoot, 'shell', 'dist', 'index.html'))) return repoRoot;
  const root = tempDir('gta-repo-shell-');
  fs.mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'shell', 'dist', 'index.html'),
    '<!doctype html><html><head><title>Home</title></head><body><div id="root"></div></body></html>',
  );
  return root;
}

export async function startServer(overrides: Partial<ServerConfig> = {}, options: CreateAppOptions = {}, env: NodeJS.ProcessEnv = {}): Promise<TestServer> {
  const config = testConfig(overrides, env);
  const app = await createApp(config, options);
  const url = await app.listen();
  return { app, url, dataDir: config.dataDir, close: () => app.close() };
}

/** The configuration startServer uses: a free port, a temporary data folder, limits off, the given overrides. */
export function testConfig(overrides: Partial<ServerConfig> = {}, env: NodeJS.ProcessEnv = {}): ServerConfig {
  const dataDir = overrides.dataDir ?? tempDir();
  // one test process posts far more than a visitor: the write limits are off unless a test turns them on
  return readConfig(env, {
    port: 0,
    host: '127.0.0.1',
    quiet: true,
    staffPassword: 'correct horse battery staple',
    seedCount: 72,
    formRateLimit: 0,
    chatRateLimit: 0,
    // the build archive reads the repository's dist folders: on only in the tests of it
    archiveKeepBuilds: 0,
    ...overrides,
    dataDir,
  });
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json<T = unknown>(): T;
}

export async function request(url: string, init: RequestInit = {}): Promise<Reply> {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: <T>() => JSON.parse(text) as T };
}

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Signs in as staff; returns the Cookie header value. */
export async function signIn(base: string, password = 'correct horse battery staple'): Promise<string> {
  const reply = await postJson(`${base}/api/auth/login`, { password });
  if (reply.status !== 200) throw new Error(`sign-in failed: ${reply.status} ${reply.text}`);
  const cookie = reply.headers.get('set-cookie') ?? '';
  return cookie.split(';')[0] as string;
}

export const validContact = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '(905) 555-0101',
  subject: 'Viewing request',
  message: 'I would like to see the Lakeshore home this weekend.',
};
