import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readConfig } from '../config';
import { createApp, type ServerApp } from '../app';
import { registerAssistant, CHAT_LEADS_TABLE } from './index';
import { parseMultipart } from './multipart';

let app: ServerApp;
let base: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gta-chat-test-'));
  app = await createApp(readConfig({}, { port: 0, host: '127.0.0.1', dataDir, seedCount: 60, quiet: true }), { plugins: [registerAssistant] });
  base = `${await app.listen()}/chat/webhook`;
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const post = (body: unknown) => fetch(base, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('the n8n chat protocol on /chat/webhook', () => {
  it('answers sendMessage with { output } and keeps the history per session', async () => {
    const sessionId = 'c5d7a1e0-0000-4000-8000-000000000001';
    const empty = await (await post({ action: 'loadPreviousSession', sessionId })).json();
    expect(empty).toEqual({ data: [] });

    const res = await post({ action: 'sendMessage', sessionId, chatInput: 'Show me homes in Oakville', metadata: { page: '/' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const { output } = (await res.json()) as { output: string };
    expect(output).toMatch(/\[[^\]]+\]\(\/property\/[a-z0-9-]+\)/);

    const history = (await (await post({ action: 'loadPreviousSession', sessionId })).json()) as { data: { id: string[]; kwargs: { content: string } }[] };
    expect(history.data).toHaveLength(2);
    expect(history.data[0]!.id).toEqual(['langchain_core', 'messages', 'HumanMessage']);
    expect(history.data[0]!.kwargs.content).toBe('Show me homes in Oakville');
    expect(history.data[1]!.id).toEqual(['langchain_core', 'messages', 'AIMessage']);
    expect(history.data[1]!.kwargs.content).toBe(output);

    const other = await (await post({ action: 'loadPreviousSession', sessionId: 'someone-else' })).json();
    expect(other).toEqual({ data: [] });
  });

  it('links only to listings that exist and are Available', async () => {
    const { output } = (await (await post({ action: 'sendMessage', sessionId: 's-links', chatInput: 'anything available in Mississauga?' })).json()) as { output: string };
    const slugs = [...output.matchAll(/\(\/property\/([a-z0-9-]+)\)/g)].map((m) => m[1]);
    expect(slugs.length).toBeGreaterThan(0);
    const { propertySlug } = await import('@gta/shared/core');
    const available = (await app.store.all('Properties')).filter((r) => String(r.fields.Status).trim().toLowerCase() === 'available');
    for (const slug of slugs) expect(available.some((r) => propertySlug(r.fields['Property Name']) === slug)).toBe(true);
  });

  it('accepts GET with query parameters', async () => {
    const url = new URL(base);
    url.searchParams.set('action', 'sendMessage');
    url.searchParams.set('sessionId', 's-get');
    url.searchParams.set('chatInput', 'where is your office?');
    const body = (await (await fetch(url)).json()) as { output: string };
    expect(body.output).toContain('Don Mills');
    url.searchParams.set('action', 'loadPreviousSession');
    url.searchParams.delete('chatInput');
    const history = (await (await fetch(url)).json()) as { data: unknown[] };
    expect(history.data).toHaveLength(2);
  });

  it('accepts a multipart POST with files parts', async () => {
    const form = new FormData();
    form.append('action', 'sendMessage');
    form.append('sessionId', 's-files');
    form.append('chatInput', 'my floor plan');
    form.append('metadata', '{"page":"/"}');
    form.append('files', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'plan.pdf');
    form.append('files', new Blob(['x'], { type: 'image/png' }), 'front.png');
    const res = await fetch(base, { method: 'POST', body: form });
    expect(res.status).toBe(200);
    const { output } = (await res.json()) as { output: string };
    expect(output).toContain('“plan.pdf”, “front.png”');
  });

  it('stores a lead in Chat Leads once a name and email are given', async () => {
    const sessionId = 's-lead';
    await post({ action: 'sendMessage', sessionId, chatInput: 'Can you recommend a contractor for a kitchen remodel?' });
    const { output } = (await (await post({ action: 'sendMessage', sessionId, chatInput: 'Alex Martin, alex@example.com' })).json()) as { output: string };
    expect(output).toMatch(/Thank you, Alex/);
    await post({ action: 'sendMessage', sessionId, chatInput: 'again: alex@example.com, I am Alex Martin' });
    const leads = (await app.store.all(CHAT_LEADS_TABLE)).filter((r) => r.fields['Session ID'] === sessionId);
    expect(leads).toHaveLength(1);
    expect(leads[0]!.fields).toMatchObject({ Name: 'Alex Martin', Email: 'alex@example.com', Source: 'chat', Question: 'Can you recommend a contractor for a kitchen remodel?' });
  });

  it('refuses bad requests clearly', async () => {
    expect((await post({ action: 'sendMessage', chatInput: 'hi' })).status).toBe(400);
    expect((await post({ action: 'sendMessage', sessionId: 'x', chatInput: '  ' })).status).toBe(400);
    expect((await post({ action: 'dance', sessionId: 'x' })).status).toBe(400);
    expect((await post({ action: 'sendMessage', sessionId: 'x', chatInput: 'a'.repeat(5000) })).status).toBe(413);
    expect((await fetch(base, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{nope' })).status).toBe(400);
    const preflight = await fetch(base, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
  });
});

describe('parseMultipart', () => {
  it('reads fields and files with quoted parameters', () => {
    const b = 'XyZ';
    const body = Buffer.from(
      `--${b}\r\nContent-Disposition: form-data; name="action"\r\n\r\nsendMessage\r\n` +
        `--${b}\r\nContent-Disposition: form-data; name="files"; filename="a \\"b\\".txt"\r\nContent-Type: text/plain\r\n\r\nline1\r\nline2\r\n` +
        `--${b}--\r\n`,
    );
    const parsed = parseMultipart(body, b);
    expect(parsed.fields).toEqual({ action: 'sendMessage' });
    expect(parsed.files).toHaveLength(1);
    expect(parsed.files[0]).toMatchObject({ field: 'files', filename: 'a "b".txt', type: 'text/plain' });
    expect(parsed.files[0]!.data.toString()).toBe('line1\r\nline2');
  });
});
