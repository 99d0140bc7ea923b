import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { RemoteComponent, loadRemoteModule, registerRemotesFromConfig } from './remote';

// the federation runtime is the edge of this unit: the real one is exercised by the e2e suite
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
const mockedLoad = loadRemote as jest.MockedFunction<typeof loadRemote>;
const mockedRegister = registerRemotes as jest.MockedFunction<typeof registerRemotes>;

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const config = {
  remotes: { listings: 'http://x/l.json', content: 'http://x/c.json', forms: 'http://x/f.json', chat: 'http://x/ch.json', admin: 'http://x/a.json' },
  airtable: { endpointUrl: 'http://x/api/airtable', baseId: 'app' },
  webhookBase: 'http://x/webhook',
  chatWebhookUrl: 'http://x/chat',
};
beforeAll(() => registerRemotesFromConfig(config));

describe('remote loader', () => {
  it('registers every remote of the config without loading any', () => {
    registerRemotesFromConfig(config);
    expect(mockedRegister).toHaveBeenCalledWith(expect.arrayContaining([{ name: 'admin', entry: 'http://x/a.json' }]));
    expect(mockedLoad).not.toHaveBeenCalled();
  });

  it("registers the build the server rendered the page with, when it is beside the config's manifest, instead of the newest", () => {
    const remote = { ...config, remotes: { ...config.remotes, forms: 'https://cdn.example/forms/mf-manifest.json' } };
    registerRemotesFromConfig(remote, {
      forms: 'https://cdn.example/forms/mf-manifest.0123456789.json',
      listings: 'https://evil.example/l/mf-manifest.0123456789.json', // another origin: ignored
      content: 'http://x/other/mf-manifest.0123456789.json', // another folder: ignored
    });
    const registered = mockedRegister.mock.calls.at(-1)?.[0];
    expect(registered).toEqual(
      expect.arrayContaining([
        { name: 'forms', entry: 'https://cdn.example/forms/mf-manifest.0123456789.json' },
        { name: 'listings', entry: 'http://x/l.json' },
        { name: 'content', entry: 'http://x/c.json' },
      ]),
    );
    registerRemotesFromConfig(config);
  });

  it('renders the exposed component with its props', async () => {
    mockedLoad.mockResolvedValue({ default: Greeting });
    render(<RemoteComponent id="forms/Greeting" props={{ name: 'Ada' }} label="the greeting" />);
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });

  it('retries a failed load, re-registering the remote, before giving up', async () => {
    mockedLoad.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ default: Greeting });
    await expect(loadRemoteModule('content/AboutPage')).resolves.toEqual({ default: Greeting });
    expect(mockedRegister).toHaveBeenCalledWith([{ name: 'content', entry: 'http://x/c.json' }], { force: true });
  });

  it("a visitor's action loads afresh after a failure the loader remembers (the chat button pressed again)", async () => {
    mockedLoad.mockRejectedValueOnce(new Error('refused')).mockRejectedValueOnce(new Error('refused'));
    await expect(loadRemoteModule('chat/createChat', 2)).rejects.toThrow('refused');
    mockedLoad.mockResolvedValueOnce({ default: Greeting });
    // within the failure memory: the press must reach the network again, not replay the failure
    await expect(loadRemoteModule('chat/createChat', 1)).resolves.toEqual({ default: Greeting });
  });

  it('shows a clear message and a retry button when the remote is down, and recovers on retry', async () => {
    mockedLoad.mockRejectedValue(new Error('Failed to fetch'));
    render(<RemoteComponent id="listings/Down" props={{ name: 'Bo' }} label="the listings" />);
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent("We couldn't load the listings just now.");
    mockedLoad.mockResolvedValue({ default: Greeting });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hello Bo')).toBeInTheDocument();
  });

  it("shows the region's message at once, without retrying, when the page's shared package is too old for the remote", async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    // the federation runtime's refusal under strictVersion (docs/shared-package.md)
    const refusal = new Error(
      '[ Federation Runtime ]: Version 1.1.0 from shell of shared singleton module @gta/shared does not satisfy the requirement of listings which needs ^1.2.0)',
    );
    mockedLoad.mockReset().mockRejectedValue(refusal);
    const started = Date.now();
    render(<RemoteComponent id="listings/Newer" props={{ name: 'Cy' }} label="the listings" />);
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the listings just now.");
    expect(Date.now() - started).toBeLessThan(250); // no backoff: loading again cannot help
    expect(mockedLoad).toHaveBeenCalledTimes(1);
    // a retry cannot help until the page is reloaded: the region says so and offers the reload
    expect(screen.getByRole('alert')).toHaveTextContent('The site has just been updated and this page is from before. Reload the page to see it.');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('[remote listings/Newer] could not be loaded: [ Federation Runtime ]: Version 1.1.0'));
  });

  it('contains a remote component that throws while rendering to its own region', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('boom');
    }
    mockedLoad.mockResolvedValue({ default: Broken });
    render(
      <>
        <RemoteComponent id="content/Broken" props={{}} label="this section" />
        <p>Footer still here</p>
      </>,
    );
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent("We couldn't load this section just now."));
    expect(screen.getByText('Footer still here')).toBeInTheDocument();
  });
});
