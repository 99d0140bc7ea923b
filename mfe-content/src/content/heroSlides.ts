import skylineDusk from '../assets/hero-1-skyline-dusk.svg';
import lakeshoreMorning from '../assets/hero-2-lakeshore-morning.svg';
import estateGoldenHour from '../assets/hero-3-estate-golden-hour.svg';
import cityNight from '../assets/hero-4-city-night.svg';
import harbourSunset from '../assets/hero-5-harbour-sunset.svg';
import escarpmentTwilight from '../assets/hero-6-escarpment-twilight.svg';

export interface HeroSlide {
  src: string;
  alt: string;
}

/** The six background scenes of the home hero (spec section 9: 6 slides). */
export const HERO_SLIDES: readonly HeroSlide[] = [
  { src: skylineDusk, alt: 'The Toronto skyline at dusk over Lake Ontario' },
  { src: lakeshoreMorning, alt: 'A calm lakeshore at sunrise with a sailboat' },
  { src: estateGoldenHour, alt: 'A modern estate home at golden hour' },
  { src: cityNight, alt: 'City towers lit up at night' },
  { src: harbourSunset, alt: 'A lighthouse on the Oakville harbour at sunset' },
  { src: escarpmentTwilight, alt: 'Homes along the escarpment at twilight' },
];

export const HERO_INTERVAL_MS = 3000;
export const HERO_FADE_MS = 1000;
