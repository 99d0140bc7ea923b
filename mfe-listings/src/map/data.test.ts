import { airtableMock, mockState, record } from '../test/fixtures';
import { setRuntimeConfig } from '@gta/shared';
import { MAP_FIELDS, MAP_MAX, loadMapListings } from './data';

jest.mock('airtable', () => airtableMock());

beforeEach(() => {
  setRuntimeConfig({
    remotes: { listings: '', content: '', forms: '', chat: '', admin: '' },
    airtable: { endpointUrl: 'http://localhost/api/airtable', baseId: 'appTest' },
    webhookBase: 'http://localhost/webhook',
    chatWebhookUrl: 'http://localhost/chat',
  });
  const state = mockState();
  state.pages.length = 0;
  state.list = (query) => {
    const { fakeList } = jest.requireActual('../test/fixtures') as typeof import('../test/fixtures');
    return fakeList(state)(query);
  };
});

const home = (i: number, status = 'Available', coordinates = true) =>
  record(
    {
      'Property Name': `Home ${i}`,
      Status: status,
      'Listing Date': `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
      Price: 1_000_000 + i,
      ...(coordinates ? { Latitude: 43.4 + i / 1e4, Longitude: -79.6 } : {}),
    },
    `rec${String(i).padStart(5, '0')}`,
  );

describe('the map listings load', () => {
  it('reads the homes for sale with the map fields only, 100 a page, and counts those without coordinates', async () => {
    mockState().records = [...Array.from({ length: 130 }, (_, i) => home(i)), home(500, 'Sold'), home(501, 'Available', false)];
    const data = await loadMapListings();
    expect(data.listings).toHaveLength(130);
    expect(data.withoutLocation).toBe(1);
    expect(data.truncated).toBe(false);
    const pages = mockState().pages;
    expect(pages).toHaveLength(2);
    expect(pages[0]?.query).toMatchObject({ pageSize: 100, fields: [...MAP_FIELDS], filterByFormula: `LOWER(TRIM({Status}&'')) = "available"` });
    expect(pages[1]?.query.offset).toBe('itr100');
  });

  it('stops at MAP_MAX listings and says more are for sale', async () => {
    mockState().records = Array.from({ length: MAP_MAX + 5 }, (_, i) => home(i));
    const data = await loadMapListings();
    expect(data.listings).toHaveLength(MAP_MAX);
    expect(data.truncated).toBe(true);
    expect(mockState().pages).toHaveLength(MAP_MAX / 100);
  });
});
