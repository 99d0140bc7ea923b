/**
 * The admin tabs: the three tables of the spec's Admin Panel first, then the other forms' tables, then the chat
 * assistant's leads. Each is a staff table declared in shared (STAFF_TABLES: name, columns with labels, the field
 * that says when a row arrived).
 */
import { STAFF_TABLES, type StaffTable } from '@gta/shared/staff-tables';

export type AdminTab = StaffTable;

export const ADMIN_TABS: readonly AdminTab[] = STAFF_TABLES;

/** Fields that hold a chat transcript: the cell shows its start and a button that opens it whole. */
export const TRANSCRIPT_FIELDS: ReadonlySet<string> = new Set(['Conversation']);
