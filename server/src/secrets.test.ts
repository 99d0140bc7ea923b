import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'pg-connection-string';
import { readConfig } from './config';
import { databaseUrlFromParts, readSecret, resolveSecrets, SECRET_NAMES } from './secrets';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gta-secrets-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function secretFile(name: string, contents: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, contents);
  return file;
}

describe('X_FILE secrets', () => {
  it('reads the file when X_FILE is set, and it wins over X; one trailing line break is dropped', () => {
    const file = secretFile('staff', 'from the file\n');
    expect(readSecret({ STAFF_PASSWORD_FILE: file, STAFF_PASSWORD: 'from the environment' }, 'STAFF_PASSWORD')).toBe('from the file');
    expect(readSecret({ STAFF_PASSWORD: 'from the environment' }, 'STAFF_PASSWORD')).toBe('from the environment');
    expect(readSecret({}, 'STAFF_PASSWORD')).toBeUndefined();
    // only the one line break echo adds: spaces inside and around are part of the secret
    expect(readSecret({ X_FILE: secretFile('x', ' two words \r\n') }, 'X')).toBe(' two words ');
  });

  it('a missing, empty or unreadable file stops with the variable and the path, never a value', () => {
    const missing = path.join(dir, 'nope');
    expect(() => readSecret({ AIRTABLE_TOKEN_FILE: missing, AIRTABLE_TOKEN: 'patSECRET' }, 'AIRTABLE_TOKEN')).toThrow(
      `AIRTABLE_TOKEN_FILE names ${missing}, which cannot be read (no such file).`,
    );
    expect(() => readSecret({ AIRTABLE_TOKEN_FILE: secretFile('empty', '\n') }, 'AIRTABLE_TOKEN')).toThrow(/AIRTABLE_TOKEN_FILE names .*empty, which is empty/);
    expect(() => readSecret({ AIRTABLE_TOKEN_FILE: dir }, 'AIRTABLE_TOKEN')).toThrow(/a folder, not a file/);
  });

  it('readConfig takes every secret from its file, the n8n authentication included', () => {
    const env: NodeJS.ProcessEnv = { QUIET: '1' };
    for (const name of SECRET_NAMES) env[`${name}_FILE`] = secretFile(name, `${name.toLowerCase()}-value\n`);
    env.N8N_WEBHOOK_BASE_FILE = secretFile('base', 'https://n8n.example.com/webhook\n');
    env.N8N_CHAT_URL_FILE = secretFile('chat', 'https://n8n.example.com/webhook/chat\n');
    env.DATABASE_URL_FILE = secretFile('db', 'postgres://gta:p%40ss@db:5432/gta\n');
    env.N8N_WEBHOOK_HEADER_NAME = 'X-Api-Key';
    delete env.N8N_WEBHOOK_USER_FILE;
    delete env.N8N_WEBHOOK_PASSWORD_FILE;
    delete env.N8N_WEBHOOK_JWT_SECRET_FILE;
    const config = readConfig(env);
    expect(config.staffPassword).toBe('staff_password-value');
    expect(config.airtableToken).toBe('airtable_token-value');
    expect(config.recordsApiToken).toBe('records_api_token-value');
    expect(config.databaseUrl).toBe('postgres://gta:p%40ss@db:5432/gta');
    expect(config.n8nWebhookBase).toBe('https://n8n.example.com/webhook');
    expect(config.n8nChatUrl).toBe('https://n8n.example.com/webhook/chat');
    expect(config.n8nWebhookAuth.header).toEqual({ name: 'X-Api-Key', value: 'n8n_webhook_header_value-value' });
    expect(config.n8nWebhookAuth.hmacSecret).toBe('n8n_webhook_hmac_secret-value');
  });

  it('readConfig stops on an unreadable secret file', () => {
    expect(() => readConfig({ STAFF_PASSWORD_FILE: path.join(dir, 'gone') })).toThrow(/STAFF_PASSWORD_FILE names .*gone, which cannot be read/);
  });
});

describe('DATABASE_URL from the POSTGRES_* parts', () => {
  const awkward = 'p@ss/w:o#r%d?&= é';

  it('encodes the password (and user and database) so the driver reads back exactly what was written', () => {
    const url = databaseUrlFromParts({ POSTGRES_HOST: 'db', POSTGRES_USER: 'gta user', POSTGRES_PASSWORD: awkward, POSTGRES_DB: 'gta' });
    const parsed = parse(url);
    expect(parsed).toMatchObject({ host: 'db', port: '5432', user: 'gta user', password: awkward, database: 'gta' });
  });

  it('the password comes from POSTGRES_PASSWORD_FILE (the postgres image reads the same file); DATABASE_URL given whole wins', () => {
    const file = secretFile('pg', `${awkward}\n`);
    const env = {
      POSTGRES_HOST: '127.0.0.1',
      POSTGRES_PORT: '6543',
      POSTGRES_USER: 'gta',
      POSTGRES_DB: 'site',
      POSTGRES_PASSWORD_FILE: file,
      POSTGRES_SSLMODE: 'verify-full',
    };
    const parsed = parse(readConfig(env).databaseUrl ?? '');
    expect(parsed).toMatchObject({ host: '127.0.0.1', port: '6543', user: 'gta', password: awkward, database: 'site' });
    expect(parsed.ssl).toBeTruthy();
    expect(resolveSecrets({ ...env, DATABASE_URL: 'postgres://other@x/y' }).DATABASE_URL).toBe('postgres://other@x/y');
  });

  it('an IPv6 host is bracketed; defaults: port 5432, user postgres, database named after the user; no POSTGRES_HOST: no database', () => {
    expect(parse(databaseUrlFromParts({ POSTGRES_HOST: '::1', POSTGRES_PASSWORD: 'x' }))).toMatchObject({
      host: '::1',
      port: '5432',
      user: 'postgres',
      database: 'postgres',
    });
    expect(readConfig({ POSTGRES_PASSWORD: 'x' }).databaseUrl).toBeUndefined();
    expect(() => databaseUrlFromParts({ POSTGRES_HOST: 'db', POSTGRES_PORT: 'x' })).toThrow('POSTGRES_PORT is not a port number: x');
    expect(() => databaseUrlFromParts({ POSTGRES_HOST: 'user@db' })).toThrow(/POSTGRES_HOST must be a host name/);
  });
});
