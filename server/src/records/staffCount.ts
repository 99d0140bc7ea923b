/**
 * How many rows a staff table has, for the admin's counts (Airtable's records API has no count, and the admin
 * reads its tables a page at a time): GET /api/admin/count?table={name}[&filterByFormula={formula}] answers
 * `{ count }`, the rows the formula keeps (all rows without one). Staff session only; the table must be one of the
 * staff tables (STAFF_TABLE_NAMES). In Airtable mode the rows live in the team's base, which cannot be counted
 * without reading every page: the answer is `{ count: null }` and the admin shows its pages without a total.
 */
import type { IncomingMessage } from 'node:http';
import { STAFF_TABLE_NAMES } from '@gta/shared/core';
import type { Router } from '../http/router';
import { sendJson } from '../http/respond';
import { ApiError } from './errors';
import type { RecordsService } from './query';

export const STAFF_COUNT_PATH = '/api/admin/count';

export interface StaffCountDeps {
  records: RecordsService;
  isStaff: (req: IncomingMessage) => Promise<boolean>;
  /** Airtable mode: the tables are not here to count. */
  proxy: boolean;
}

const STAFF_TABLES: ReadonlySet<string> = new Set(STAFF_TABLE_NAMES);

export function registerStaffCount(router: Router, deps: StaffCountDeps): void {
  router.route('GET', STAFF_COUNT_PATH, async (req, res, ctx) => {
    if (!(await deps.isStaff(req))) return sendJson(res, 401, { error: 'Sign in as staff first.' });
    const table = ctx.url.searchParams.get('table') ?? '';
    if (!STAFF_TABLES.has(table)) return sendJson(res, 404, { error: 'There is no staff table with that name.' });
    if (deps.proxy) return sendJson(res, 200, { count: null });
    if (!(await deps.records.hasTable(table))) return sendJson(res, 200, { count: 0 });
    const filterByFormula = ctx.url.searchParams.get('filterByFormula')?.trim();
    try {
      const count = filterByFormula ? (await deps.records.select(table, { filterByFormula })).length : await deps.records.count(table);
      sendJson(res, 200, { count });
    } catch (err) {
      // a formula the records API would refuse is refused here the same way (422 and its Airtable error)
      if (err instanceof ApiError) return sendJson(res, err.status, err.body());
      throw err;
    }
  });
}
