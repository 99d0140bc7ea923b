/**
 * A listing's floor plans go through the photo pipeline as its photos do: visitors read the 'Floor Plans' attachments
 * at the site's own URLs (never the original's, which Airtable signs and lets expire), each served at the asked width.
 */
import sharp from 'sharp';
import { PROPERTIES_TABLE } from '@gta/shared/core';
import { LOCAL_BASE_ID } from '../config';
import { request, signIn, startServer, type TestServer } from '../testing/harness';
import { FakeAttachmentHost } from '../testing/fakeAttachmentHost';
import { TEST_POOL_DIR } from '../testing/testPhotos';

jest.setTimeout(120_000);

let server: TestServer;
const host = new FakeAttachmentHost();
beforeAll(async () => {
  await host.start();
  // a plan drawn as a plan is: lines on white, 2400 x 1600
  const plan = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#ffffff' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600"><rect x="100" y="100" width="2200" height="1400" fill="none" stroke="#000" stroke-width="12"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  host.put('plan-main.png', plan, 'image/png');
  server = await startServer({ photoPoolDir: TEST_POOL_DIR, seedCount: 3 });
});
afterAll(async () => {
  await server.close();
  await host.stop();
});

interface Attachment {
  id: string;
  url: string;
  width?: number;
  height?: number;
}

it("visitors read a listing's floor plans at the site's own URL, served at the asked width; staff read the attachment as stored", async () => {
  const [listing] = await server.app.store.all(PROPERTIES_TABLE);
  const api = `${server.url}/api/airtable/v0/${LOCAL_BASE_ID}/${PROPERTIES_TABLE}/${listing!.id}`;
  const original = host.sign('plan-main.png');
  const cookie = await signIn(server.url);
  const patch = await request(api, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify({ fields: { 'Floor Plans': [{ id: 'attPLANMAIN0001', url: original, filename: 'plan-main.png', width: 2400, height: 1600 }] } }),
  });
  expect(patch.status).toBe(200);

  const visitor = await request(api);
  expect(visitor.text).not.toContain(host.url);
  const plans = visitor.json<{ fields: { 'Floor Plans': Attachment[] } }>().fields['Floor Plans'];
  expect(plans).toEqual([expect.objectContaining({ id: 'attPLANMAIN0001', url: `/media/photos/${listing!.id}/attPLANMAIN0001`, width: 2400, height: 1600 })]);

  const image = await fetch(`${server.url}${plans[0]!.url}/800`, { headers: { Accept: 'image/webp,*/*' } });
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/webp');
  expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(800);

  const staff = await request(api, { headers: { Cookie: cookie } });
  expect(staff.json<{ fields: { 'Floor Plans': Attachment[] } }>().fields['Floor Plans'][0]?.url).toBe(original);
});
