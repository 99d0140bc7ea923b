/**
 * The base's schema: each field's type, as Airtable's metadata would say it (formatting and typecasting follow it).
 */
import { FORM_SCHEMAS, PROPERTIES_TABLE, SUBMISSION_TABLES, type WebhookPath } from '@gta/shared/core';

/** The field types this base has (what Airtable's schema would say). */
export type FieldType = 'text' | 'number' | 'checkbox' | 'date' | 'dateTime' | 'attachments';

const PROPERTY_TYPES: Readonly<Record<string, FieldType>> = {
  Price: 'number',
  Bedrooms: 'number',
  Bathrooms: 'number',
  'Size (sq ft)': 'number',
  Garage: 'number',
  'Year Built': 'number',
  'Tax Amount': 'number',
  'Parking Spaces': 'number',
  'School Count': 'number',
  'Parks Count': 'number',
  Featured: 'checkbox',
  'Listing Date': 'date',
  Photos: 'attachments',
  'Floor Plans': 'attachments',
};

const SUBMISSION_TABLE_FORMS = new Map<string, WebhookPath>(
  (Object.entries(SUBMISSION_TABLES) as [WebhookPath, string][]).map(([path, table]) => [table, path]),
);

/** A field's type: Properties by its schema, submission tables by their form's rules, `Received At`/`Submitted At` date-times, else text. */
export function fieldTypeOf(table: string, field: string): FieldType {
  if (table === PROPERTIES_TABLE) return PROPERTY_TYPES[field] ?? 'text';
  if (field === 'Received At' || field === 'Submitted At') return 'dateTime';
  const form = SUBMISSION_TABLE_FORMS.get(table);
  const rule = form ? (FORM_SCHEMAS[form] as Record<string, { kind: string } | undefined>)[field] : undefined;
  return rule?.kind === 'number' ? 'number' : 'text';
}
