import { act, screen, waitFor } from '@testing-library/react';
import createChat from './createChat';
import { mockFetch } from '../chat/testing';
import { siteChatOptions, type MountedChat } from '@gta/shared';
import { addFiles, isAllowedFile, removeFile } from '../chat/files';

describe('createChat', () => {
  it('creates the #n8n-chat target when missing, mounts the toggle, and unmount removes it', async () => {
    mockFetch([{ body: { data: [] } }]);
    let chat: { unmount: () => void } | undefined;
    await act(async () => {
      chat = createChat(siteChatOptions('/chat/webhook'));
    });
    const target = document.getElementById('n8n-chat');
    expect(target).not.toBeNull();
    expect(await screen.findByRole('button', { name: 'Open chat: Chat with Aria' })).toBeInTheDocument();
    act(() => chat!.unmount());
    expect(document.getElementById('n8n-chat')).toBeNull();
  });

  it("opened by the shell's launcher: the window is open with the input focused; open() opens a closed one", async () => {
    mockFetch([{ body: { data: [] } }, { body: { data: [] } }]);
    let chat: MountedChat | undefined;
    await act(async () => {
      chat = createChat(siteChatOptions('/chat/webhook'), { open: true });
    });
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveFocus());
    expect(dialog).toBeInTheDocument();
    act(() => chat!.unmount());
    await act(async () => {
      chat = createChat(siteChatOptions('/chat/webhook'));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => chat!.open?.());
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    act(() => chat!.unmount());
    // open() right after mounting, before React drew anything (the launcher pressed while the widget loaded)
    await act(async () => {
      chat = createChat(siteChatOptions('/chat/webhook'));
      chat.open?.();
    });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    act(() => chat!.unmount());
  });

  it('mounts into an existing target element and leaves it in place', async () => {
    mockFetch([{ body: { data: [] } }]);
    const host = document.createElement('section');
    host.id = 'my-chat';
    document.body.appendChild(host);
    let chat: { unmount: () => void } | undefined;
    await act(async () => {
      chat = createChat({ webhookUrl: '/chat/webhook', target: '#my-chat', mode: 'fullscreen' });
    });
    await waitFor(() => expect(host.querySelector('[role="region"]')).not.toBeNull());
    act(() => chat!.unmount());
    expect(document.getElementById('my-chat')).toBe(host);
    expect(host.childElementCount).toBe(0);
  });
});

describe('site configuration', () => {
  it('greets three times naming the assistant and asks buy, sell or invest', () => {
    const o = siteChatOptions('/chat/webhook');
    expect(o.webhookUrl).toBe('/chat/webhook');
    expect(o.mode).toBe('window');
    expect(o.showWelcomeScreen).toBe(false);
    expect(o.initialMessages).toHaveLength(3);
    expect(o.initialMessages!.join(' ')).toContain('Aria');
    expect(o.initialMessages![2]).toMatch(/buy, sell or invest/);
    expect(o.i18n!.en!.getStarted).toBe('Start New Conversation');
    expect(o.i18n!.en!.inputPlaceholder).toBe('Type your question here...');
  });
});

describe('file rules', () => {
  const f = (name: string, type: string) => new File(['x'], name, { type });
  it('matches accept-style lists', () => {
    expect(isAllowedFile(f('a.png', 'image/png'), 'image/*')).toBe(true);
    expect(isAllowedFile(f('a.pdf', 'application/pdf'), 'image/*')).toBe(false);
    expect(isAllowedFile(f('a.csv', ''), '.csv, application/pdf')).toBe(true);
    expect(isAllowedFile(f('a.bin', 'application/octet-stream'), '')).toBe(true);
  });
  it('accumulates picks and removes by name', () => {
    const one = addFiles([], [f('a.png', 'image/png')], '');
    const two = addFiles(one, [f('b.png', 'image/png'), f('a.png', 'image/png')], '');
    expect(two.map((x) => x.name)).toEqual(['b.png', 'a.png']);
    expect(removeFile(two, 'a.png').map((x) => x.name)).toEqual(['b.png']);
  });
});
