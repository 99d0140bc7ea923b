/** The top navigation and footer link data (spec section 2, "Top navigation" and "Footer"). */
export interface NavLink {
  label: string;
  to: string;
}

export interface NavGroup {
  label: string;
  links: NavLink[];
}

/** A top-level entry: a group with a dropdown, or a single link. */
export type NavEntry = NavGroup | NavLink;

export const isGroup = (entry: NavEntry): entry is NavGroup => 'links' in entry;

/** The Selling group is the same in the top navigation and the footer. */
const SELLING_LINKS: NavLink[] = [
  { label: 'List With Us', to: '/list-with-us' },
  { label: 'Selling Resources', to: '/selling-resources' },
  { label: "Seller's Guide", to: '/sellers-guide' },
  { label: 'Home Evaluation', to: '/home-evaluation' },
  { label: 'Preferred Partners', to: '/preferred-partner' },
  { label: 'Moving Guide', to: '/moving-guide' },
];

export const NAVIGATION: NavEntry[] = [
  {
    label: 'Our Properties',
    links: [
      { label: 'Active Listings', to: '/active-listings' },
      { label: 'New Development', to: '/new-development' },
    ],
  },
  { label: 'Custom Homes', to: '/custom-homes' },
  {
    label: 'Buying',
    links: [
      { label: 'Buying Resources', to: '/buying-resources' },
      { label: "Buyer's Guide", to: '/buyers-guide' },
      { label: 'Mortgage Calculator', to: '/mortgage-calculator' },
      { label: 'Neighbourhood Guide', to: '/neighbourhood-guide' },
    ],
  },
  {
    label: 'Selling',
    links: SELLING_LINKS,
  },
  { label: 'Pre-Construction Condo Guide', to: '/pre-construction' },
  {
    label: 'About',
    links: [
      { label: 'About Us', to: '/about-us' },
      { label: 'Contact Us', to: '/contact-us' },
      { label: 'Our Offices', to: '/our-offices' },
      { label: 'Blog', to: '/blogs' },
    ],
  },
];

export const FOOTER_COLUMNS: NavGroup[] = [
  {
    label: 'Menu',
    links: [
      { label: 'Home', to: '/' },
      { label: 'Active Listings', to: '/active-listings' },
      { label: 'Featured Listings', to: '/featured-listings' },
      { label: 'Custom Homes', to: '/custom-homes' },
      { label: 'Pre-Construction', to: '/pre-construction' },
      { label: 'Blog', to: '/blogs' },
    ],
  },
  {
    label: 'Buying',
    links: [
      { label: 'Buying Resources', to: '/buying-resources' },
      { label: "Buyer's Guide", to: '/buying-guide' },
      { label: 'Mortgage Calculator', to: '/mortgage-calculator' },
      { label: 'Neighbourhood Guide', to: '/neighbourhood-guide' },
      { label: 'Interactive Maps', to: '/interactive-maps' },
    ],
  },
  {
    label: 'Selling',
    links: SELLING_LINKS,
  },
];

/** Scroll offset after which the navigation turns dark and blurred. */
export const NAV_SCROLL_THRESHOLD = 50;

/**
 * The dropdown item a key moves to from `current` (-1: the group's button) among `count` items: ArrowDown and
 * ArrowUp step and wrap, Home and End jump; null for any other key.
 */
export function dropdownTarget(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : (current + 1) % count;
    case 'ArrowUp':
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case 'Home':
      return current < 0 ? null : 0;
    case 'End':
      return current < 0 ? null : count - 1;
    default:
      return null;
  }
}
