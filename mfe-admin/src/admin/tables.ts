/**
 * The admin tabs: the three tables of the spec's Admin Panel first, then the tables the back end keeps beyond the
 * seed. Every tab is one submission table of the records API (shared SUBMISSION_TABLES).
 */
import { SUBMISSION_TABLES, type SubmissionTable, type WebhookPath } from '@gta/shared/core';

export interface AdminTab {
  /** The table name in the records API (and the tab's label). */
  table: SubmissionTable;
  /** The webhook path the table is filled from; also a stable id for DOM ids and file names. */
  path: WebhookPath;
}

const ORDER: readonly WebhookPath[] = ['list-with-us', 'contact-form', 'new-development', 'property-finder', 'home-evaluation', 'property-inquiry'];

export const ADMIN_TABS: readonly AdminTab[] = ORDER.map((path) => ({ path, table: SUBMISSION_TABLES[path] }));
