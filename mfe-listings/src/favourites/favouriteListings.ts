/** The listings of a list of record ids (the visitor's favourites, or a shared shortlist), in the list's order. */
import { FAVOURITES_MAX } from '@gta/shared';
import { listPropertyPage } from '../data/airtable';
import { toListing, type Listing } from '../data/listing';
import { recordIdsFormula } from '../recent/recentStore';

export interface FavouriteListings {
  /** In the order of the ids asked for. */
  listings: Listing[];
  /** Ids the records API does not have (any more). */
  missing: string[];
}

/** One request (a shortlist holds at most FAVOURITES_MAX, one page of the records API). */
export async function loadListingsByIds(ids: readonly string[]): Promise<FavouriteListings> {
  const wanted = ids.slice(0, FAVOURITES_MAX);
  if (wanted.length === 0) return { listings: [], missing: [] };
  const page = await listPropertyPage({ filterByFormula: recordIdsFormula(wanted), pageSize: FAVOURITES_MAX });
  const byId = new Map(page.records.map((record) => [record.id, toListing(record)]));
  return { listings: wanted.flatMap((id) => byId.get(id) ?? []), missing: wanted.filter((id) => !byId.has(id)) };
}

/** The query cache's key of a list (the same on the server and in the browser, so a shared link's page comes with its data). */
export const favouritesKey = (ids: readonly string[]) => `favourites:${ids.join(',')}`;
