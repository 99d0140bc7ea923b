/**
 * The property slug rule (spec section 2): lower-case; drop characters other than letters, digits, spaces and
 * hyphens; trim; spaces to hyphens; collapse repeated hyphens; strip leading/trailing hyphens; 'property' if empty.
 */
export function propertySlug(name: unknown): string {
  const text = typeof name === 'string' ? name : name === null || name === undefined ? '' : String(name);
  const slug = text
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'property' : slug;
}

/** Finds the record whose Property Name has the given slug. */
export function findBySlug<T extends { fields: { 'Property Name'?: string } }>(records: readonly T[], slug: string): T | undefined {
  const wanted = slug.toLowerCase();
  return records.find((r) => propertySlug(r.fields['Property Name']) === wanted);
}

/** The route of a property page. */
export function propertyPath(name: unknown): string {
  return `/property/${propertySlug(name)}`;
}
