/**
 * The team's identity, in one typed place.
 *
 * PLACEHOLDER: every name, phone, email, address and link below is a neutral fictional value (555 numbers,
 * example.com addresses, invented people and brokerage). The real team edits this file, and only this file, to make
 * the site theirs. The marker lives here, in comments, and never in the values: visitors read the values in
 * sentences ('Jordan Ellis, Broker of Record and Luxury Home Specialist, leads the team').
 */
export interface Office {
  id: string;
  name: string;
  addressLines: [string, string];
  phone: string;
  email: string;
  image: string;
}

export interface SocialLinks {
  facebook: string;
  instagram: string;
  linkedin: string;
}

export interface SiteProfile {
  teamName: string;
  /** Short form for the logo mark. */
  monogram: string;
  tagline: string;
  brokerage: string;
  agent: {
    name: string;
    designation: string;
    officePhone: string;
    mobilePhone: string;
    email: string;
    addressLines: [string, string];
    photo: string;
    badges: string[];
  };
  assistantName: string;
  social: SocialLinks;
  offices: Office[];
  siteUrl: string;
  /**
   * The hours the team shows homes, in Toronto time, by day of the week from Sunday (index 0) to Saturday (6): the
   * first and the last minute, HH:MM, or null for a day without showings. A showing is offered in 30-minute slots
   * that end by the closing time (showings.ts).
   */
  officeHours: readonly (readonly [open: string, close: string] | null)[];
  /**
   * Embed the home page's In The Media posts with Instagram's script (loaded when they scroll into view). Off while
   * the posts are examples: the cards link to them and the page asks nothing of instagram.com.
   */
  instagramEmbeds: boolean;
}

export const siteProfile: SiteProfile = {
  teamName: 'Meridian Estates Group',
  monogram: 'ME',
  tagline: 'Exceptional homes across Oakville, Mississauga, Burlington and the Greater Toronto Area.',
  brokerage: 'Harbourfront Realty Brokerage',
  agent: {
    name: 'Jordan Ellis',
    designation: 'Broker of Record and Luxury Home Specialist',
    officePhone: '(905) 555-0140',
    mobilePhone: '(416) 555-0199',
    email: 'hello@example.com',
    addressLines: ['100 Harbourfront Avenue, Suite 200', 'Mississauga, ON L5B 0A1'],
    photo: '/media/site/agent.svg',
    badges: ['Top 1% Producer', 'Luxury Collection'],
  },
  assistantName: 'Aria',
  social: {
    facebook: 'https://www.facebook.com/example',
    instagram: 'https://www.instagram.com/example',
    linkedin: 'https://www.linkedin.com/company/example',
  },
  offices: [
    {
      id: 'don-mills',
      name: 'Don Mills',
      addressLines: ['1000 Don Mills Road, Suite 100', 'Toronto, ON M3C 0A1'],
      phone: '(416) 555-0110',
      email: 'donmills@example.com',
      image: '/media/site/office-don-mills.svg',
    },
    {
      id: 'mississauga',
      name: 'Mississauga',
      addressLines: ['200 City Centre Drive, Suite 300', 'Mississauga, ON L5B 0A2'],
      phone: '(905) 555-0120',
      email: 'mississauga@example.com',
      image: '/media/site/office-mississauga.svg',
    },
    {
      id: 'toronto',
      name: 'Toronto',
      addressLines: ['300 Bay Street, Suite 400', 'Toronto, ON M5H 0A3'],
      phone: '(416) 555-0130',
      email: 'toronto@example.com',
      image: '/media/site/office-toronto.svg',
    },
  ],
  siteUrl: 'https://www.example.com',
  // Sunday to Saturday
  officeHours: [
    ['11:00', '17:00'],
    ['09:00', '19:00'],
    ['09:00', '19:00'],
    ['09:00', '19:00'],
    ['09:00', '19:00'],
    ['09:00', '19:00'],
    ['10:00', '17:00'],
  ],
  // PLACEHOLDER: turn on once MEDIA_POSTS (mfe-content/src/content/home.ts) are the team's own posts
  instagramEmbeds: false,
};

/** tel: link for a displayed phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
