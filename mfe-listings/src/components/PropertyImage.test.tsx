import { fireEvent, render, screen } from '@testing-library/react';
import { FALLBACK_PROPERTY_IMAGE } from '@gta/shared';
import { PropertyImage } from './PropertyImage';
import { PHOTO_WIDTHS, isSitePhoto, photoAt, photoAttributes } from './photoImage';
import { Gallery } from '../property/Gallery';

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
