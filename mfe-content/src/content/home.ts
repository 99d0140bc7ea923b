/** Facts and copy of the home page sections. Figures are the spec's (section 2 and 9); the words are ours. */
import directorsPlatinum2020 from '../assets/award-2020-directors-platinum.svg';
import redDiamond2021 from '../assets/award-2021-red-diamond.svg';
import presidentsGold2023 from '../assets/award-2023-presidents-gold.svg';
import award2023 from '../assets/award-2023-award.svg';
import presidentsGold2024 from '../assets/award-2024-presidents-gold.svg';
import listWithUs from '../assets/service-list-with-us.svg';
import interactiveMap from '../assets/service-interactive-map.svg';
import ourOffices from '../assets/service-our-offices.svg';
import neighbourhoodGuides from '../assets/service-neighbourhood-guides.svg';
import homeValuation from '../assets/service-home-valuation.svg';
import newDevelopment from '../assets/service-new-development.svg';

export interface Award {
  year: number;
  title: string;
  image: string;
}

export const AWARDS: readonly Award[] = [
  { year: 2020, title: "Director's Platinum", image: directorsPlatinum2020 },
  { year: 2021, title: 'Red Diamond', image: redDiamond2021 },
  { year: 2023, title: "President's Gold", image: presidentsGold2023 },
  { year: 2023, title: 'Award of Excellence', image: award2023 },
  { year: 2024, title: "President's Gold", image: presidentsGold2024 },
];

export interface RecognitionTile {
  title: string;
  text: string;
  icon: string;
}

export const RECOGNITION_TILES: readonly RecognitionTile[] = [
  { title: 'Excellence Awards', icon: '✦', text: 'Honoured by our brokerage year after year for the standard we hold on every file, large or small.' },
  { title: 'Top Sales', icon: '◆', text: 'Consistently among the leading producers in our network, in strong markets and in patient ones.' },
  { title: 'Industry Recognition', icon: '❖', text: 'Trusted by builders, lenders and fellow agents who refer the clients they care most about.' },
  { title: 'Client Satisfaction', icon: '★', text: 'Over 98% of the families we represent say they would choose us again and tell a friend.' },
];

export interface ServiceTile {
  label: string;
  to: string;
  image: string;
  alt: string;
  blurb: string;
}

export const SERVICES: readonly ServiceTile[] = [
  {
    label: 'LIST WITH US',
    to: '/list-with-us',
    image: listWithUs,
    alt: 'A for-sale sign in front of a stately home',
    blurb: 'A launch plan built around your home',
  },
  {
    label: 'INTERACTIVE MAP',
    to: '/interactive-maps',
    image: interactiveMap,
    alt: 'A stylised map with location pins',
    blurb: 'See the region street by street',
  },
  { label: 'OUR OFFICES', to: '/our-offices', image: ourOffices, alt: 'A glass office tower lobby', blurb: 'Three addresses across the GTA' },
  {
    label: 'NEIGHBORHOOD GUIDES',
    to: '/neighbourhood-guide',
    image: neighbourhoodGuides,
    alt: 'A tree-lined residential street',
    blurb: 'The character of each community',
  },
  {
    label: 'HOME VALUATION',
    to: '/home-evaluation',
    image: homeValuation,
    alt: 'A rising value chart beside a house outline',
    blurb: 'What your home would fetch today',
  },
  {
    label: 'NEW DEVELOPMENT',
    to: '/new-development',
    image: newDevelopment,
    alt: 'Tower cranes over a condominium under construction',
    blurb: 'First access to new releases',
  },
];

/** Stat card: start label, number, description (spec section 3). */
export interface StatCard {
  label: string;
  number: string;
  description: string;
}

export const STATS: readonly StatCard[] = [
  { label: 'Annual reach', number: '41M', description: 'Visits a year to the websites of our brokerage network, where our listings are seen first.' },
  { label: 'In Ontario', number: '#1', description: 'The province’s leading brokerage brand, behind every home we bring to market.' },
  { label: 'Markets served', number: '100', description: 'Markets where the network operates, so a referral can follow a client across borders.' },
  { label: 'Media impressions', number: '2.7B', description: 'Impressions earned in the press in 2018 alone: attention your property inherits.' },
  { label: 'Realtors', number: '18K', description: 'Agents in the network who can bring a qualified buyer to your door.' },
  { label: 'Sales volume', number: '$90B', description: 'In annual sales volume across the network, a scale few can match.' },
  { label: 'Market share', number: '35%', description: 'Of the regional volume handled by the network, so buyers look here first.' },
  { label: 'Given back', number: '$29M', description: 'Raised for charities by the network and its agents, and counting.' },
];

/** In The Media: Instagram post permalinks (spec: social post = permalink). */
export const MEDIA_POSTS: readonly { permalink: string; caption: string }[] = [
  { permalink: 'https://www.instagram.com/p/C1aLuxEstate01/', caption: 'Just listed: a lakeside residence in Oakville with a private dock.' },
  { permalink: 'https://www.instagram.com/p/C2bMarketNotes/', caption: 'Market notes: what spring pricing is telling sellers in Mississauga.' },
  { permalink: 'https://www.instagram.com/p/C3cSoldOverAsk/', caption: 'Sold over asking in nine days: behind the launch of a Burlington estate.' },
];

export interface Testimonial {
  id: string;
  rating?: number;
  text: string;
  author: string;
  position: string;
  avatar?: string;
}

/** The four client stories of the carousel (rating defaults to 5). */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    id: 't1',
    text: 'They priced our home with a precision that surprised us, staged it beautifully and had three offers on the table by the first weekend. Calm, candid and always a step ahead.',
    author: 'Catherine M.',
    position: 'Sold in Oakville',
  },
  {
    id: 't2',
    rating: 5,
    text: 'Relocating from overseas, we bought sight unseen on the strength of their video walk-throughs and advice. The house was exactly as they described it, down to the light in the kitchen.',
    author: 'Daniel & Priya R.',
    position: 'Bought in Mississauga',
  },
  {
    id: 't3',
    text: 'We were building our first custom home and had no idea where to begin. The team introduced the right builder and architect and kept every trade honest for eighteen months.',
    author: 'Marco T.',
    position: 'Custom home, Burlington',
  },
  {
    id: 't4',
    rating: 5,
    text: 'As investors we value numbers over charm. Their pre-construction analysis steered us away from two projects and into one that has already outperformed.',
    author: 'Helen W.',
    position: 'Investor, Greater Toronto Area',
  },
];

export const TESTIMONIAL_INTERVAL_MS = 8000;
