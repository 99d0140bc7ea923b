/** The city pages of /listings/{city} (spec section 2). */
export const CITY_SLUGS = {
  mississauga: 'Mississauga, ON',
  oakville: 'Oakville, ON',
  burlington: 'Burlington, ON',
} as const;
export type CitySlug = keyof typeof CITY_SLUGS;

export function cityForSlug(slug: string): (typeof CITY_SLUGS)[CitySlug] | undefined {
  return Object.prototype.hasOwnProperty.call(CITY_SLUGS, slug) ? CITY_SLUGS[slug as CitySlug] : undefined;
}

/** Status rule of the city pages and the featured section: trimmed, case-insensitive 'available'. */
export function isAvailable(status: unknown): boolean {
  return typeof status === 'string' && status.trim().toLowerCase() === 'available';
}
