import { fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { FALLBACK_PROPERTY_IMAGE, PageHero } from '@gta/shared';
import { PropertyImage } from './PropertyImage';
import { PHOTO_WIDTHS, isSitePhoto, photoAt, photoAttributes, photoPlaceholders } from './photoImage';
import { Gallery } from '../property/Gallery';
import { toListing } from '../data/listing';

const PHOTO = '/media/photos/recAbc123DEF456gh/attPhoto0001';

describe('photoAttributes (the image pipeline URLs)', () => {
  it('a pipeline photo gets the widths the server makes, from min to max, and src at the given width', () => {
    expect(photoAttributes(PHOTO, { width: 800, max: 1280 })).toEqual({
      src: `${PHOTO}/800`,
      srcSet: `${PHOTO}/320 320w, ${PHOTO}/480 480w, ${PHOTO}/640 640w, ${PHOTO}/800 800w, ${PHOTO}/1080 1080w, ${PHOTO}/1280 1280w`,
    });
    expect(photoAt(`https://www.site.test${PHOTO}`, 480)).toBe(`https://www.site.test${PHOTO}/480`);
  });

  it('only widths the server makes (any other is a 404 there)', () => {
    const widths = photoAttributes(PHOTO, { width: 1280, min: 0, max: 10_000 })
      .srcSet!.split(', ')
      .map((e) => Number(e.split(' ')[1]!.slice(0, -1)));
    expect(widths).toEqual([...PHOTO_WIDTHS]);
  });

  it('any other URL is used as it is: the stock image, a URL with a comma has no srcset', () => {
    expect(isSitePhoto(FALLBACK_PROPERTY_IMAGE)).toBe(false);
    expect(photoAttributes(FALLBACK_PROPERTY_IMAGE, { width: 800 })).toEqual({ src: FALLBACK_PROPERTY_IMAGE, srcSet: `${FALLBACK_PROPERTY_IMAGE} 1200w` });
    expect(photoAttributes('https://x.test/a,b.jpg', { width: 800 })).toEqual({ src: 'https://x.test/a,b.jpg', srcSet: undefined });
    expect(isSitePhoto(`${PHOTO}/800`)).toBe(false);
  });
});

describe('PropertyImage', () => {
  it('a card photo: srcset of the pipeline widths with the card sizes, intrinsic size, lazy below the fold', () => {
    render(<PropertyImage src={PHOTO} alt="Lakeshore Manor" />);
    const img = screen.getByRole('img', { name: 'Lakeshore Manor' });
    expect(img).toHaveAttribute('src', `${PHOTO}/800`);
    expect(img.getAttribute('srcset')).toContain(`${PHOTO}/480 480w`);
    expect(img.getAttribute('srcset')).toContain(`${PHOTO}/1920 1920w`);
    expect(img.getAttribute('srcset')).not.toContain('2560w');
    expect(img).toHaveAttribute('sizes', '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1200', '800']);
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('fetchpriority');
  });

  it('above the fold: eager with high priority; a failed photo shows the stock image without a srcset of the photo', () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<PropertyImage src={PHOTO} alt="Ravine Retreat" eager />);
    const img = screen.getByRole('img', { name: 'Ravine Retreat' });
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', FALLBACK_PROPERTY_IMAGE);
    expect(img.getAttribute('srcset')).not.toContain('/media/photos/');
  });
});

describe('Gallery photos', () => {
  it('the main photo up to 2560 px for the gallery width, thumbnails small, the full view at the screen width', () => {
    const photos = [PHOTO, `${PHOTO.slice(0, -1)}2`];
    render(<Gallery photos={photos} name="Lakeshore Manor" />);
    const main = screen.getByRole('img', { name: 'Lakeshore Manor, 1 of 2' });
    expect(main).toHaveAttribute('src', `${PHOTO}/1280`);
    expect(main.getAttribute('srcset')).toContain(`${PHOTO}/2560 2560w`);
    expect(main).toHaveAttribute('sizes', '(min-width: 1240px) 1160px, 100vw');
    const thumbs = document.querySelectorAll('img[sizes="160px"]');
    expect(thumbs).toHaveLength(2);
    expect(thumbs[0]!.getAttribute('srcset')).toBe(`${PHOTO}/320 320w, ${PHOTO}/480 480w`);
    fireEvent.click(screen.getByTestId('gallery-main'));
    const full = document.querySelector('img[sizes="100vw"]') as HTMLImageElement;
    expect(full).toHaveAttribute('src', `${PHOTO}/1920`);
    expect(full.getAttribute('srcset')).not.toContain('320w');
  });
});

describe('placeholder colours (painted on the box before the photo loads)', () => {
  const SECOND = `${PHOTO.slice(0, -1)}2`;
  /** A visitor's Properties record as the server gives it: the first photo made already (a colour), the second not. */
  const record = {
    id: 'recAbc123DEF456gh',
    fields: {
      'Property Name': 'Lakeshore Manor',
      Photos: [
        { id: 'attPhoto0001', url: PHOTO, width: 4500, height: 3000, type: 'image/jpeg', placeholder: '#8a6f5c' },
        { id: 'attPhoto0002', url: SECOND, width: 4500, height: 3000, type: 'image/jpeg' },
      ],
    },
  };

  it('a listing reads each photo’s colour from its Photos objects; other shapes and bad values have none', () => {
    expect(toListing(record).placeholders).toEqual({ [PHOTO]: '#8a6f5c' });
    expect(photoPlaceholders(`${PHOTO}, ${SECOND}`)).toEqual({});
    expect(
      photoPlaceholders([
        { url: PHOTO, placeholder: 'red; background-image: url(x)' },
        { url: SECOND, placeholder: '#123' },
      ]),
    ).toEqual({});
  });

  it('is in the server’s HTML of a card photo: the box is coloured before any of the photo arrives, at its intrinsic size', () => {
    const listing = toListing(record);
    const html = renderToString(<PropertyImage src={listing.cover} placeholder={listing.placeholders[listing.cover]} alt="Lakeshore Manor" eager />);
    const box = document.createElement('div');
    box.innerHTML = html;
    const img = box.querySelector('img')!;
    expect(img.style.backgroundColor).toBe('rgb(138, 111, 92)');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1200', '800']);
    // nothing of the photo has loaded (jsdom loads no images): the colour does not wait for it
    expect(img.complete && img.naturalWidth > 0).toBe(false);
  });

  it('a photo without a colour keeps the box’s own background; a failed photo’s stock image drops the colour', () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { rerender } = render(<PropertyImage src={SECOND} alt="No colour yet" style={{ opacity: 0.9 }} />);
    expect(screen.getByRole('img', { name: 'No colour yet' }).style.backgroundColor).toBe('');
    expect(screen.getByRole('img', { name: 'No colour yet' }).style.opacity).toBe('0.9');
    rerender(<PropertyImage src={PHOTO} placeholder="#8a6f5c" alt="Coloured" style={{ opacity: 0.9 }} />);
    const img = screen.getByRole('img', { name: 'Coloured' });
    expect([img.style.backgroundColor, img.style.opacity]).toEqual(['rgb(138, 111, 92)', '0.9']);
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', FALLBACK_PROPERTY_IMAGE);
    expect(img.style.backgroundColor).toBe('');
  });

  it('the gallery paints each photo’s colour on its main photo, thumbnails and full view', () => {
    const listing = toListing(record);
    render(<Gallery photos={listing.photos} name={listing.name} placeholders={listing.placeholders} />);
    expect(screen.getByRole('img', { name: 'Lakeshore Manor, 1 of 2' }).style.backgroundColor).toBe('rgb(138, 111, 92)');
    const thumbs = [...document.querySelectorAll<HTMLImageElement>('img[sizes="160px"]')];
    expect(thumbs.map((t) => t.style.backgroundColor)).toEqual(['rgb(138, 111, 92)', '']);
    fireEvent.click(screen.getByTestId('gallery-main'));
    expect(document.querySelector<HTMLImageElement>('img[sizes="100vw"]')!.style.backgroundColor).toBe('rgb(138, 111, 92)');
  });

  it('the property banner (PageHero) paints it in the server’s HTML, and not on the stock image that replaces a failed photo', () => {
    const hero = <PageHero title="Lakeshore Manor" image={`${PHOTO}/1280`} imagePlaceholder="#8a6f5c" imageFallback={FALLBACK_PROPERTY_IMAGE} />;
    const box = document.createElement('div');
    box.innerHTML = renderToString(hero);
    expect(box.querySelector('img')!.style.backgroundColor).toBe('rgb(138, 111, 92)');
    render(hero);
    const img = document.querySelector<HTMLImageElement>('header[data-hero] img')!;
    fireEvent.error(img);
    const shown = document.querySelector<HTMLImageElement>('header[data-hero] img')!;
    expect(shown).toHaveAttribute('src', FALLBACK_PROPERTY_IMAGE);
    expect(shown.style.backgroundColor).toBe('');
  });
});
