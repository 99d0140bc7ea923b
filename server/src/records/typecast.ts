/**
 * Writing a value into a field of a given type: as given, or with `typecast` converted as Airtable converts it.
 */
import type { FieldValue } from '@gta/shared/core';
import { isNumberText } from '../formula/values';
import { formatPart } from './cells';
import { errors } from './errors';
import type { FieldType } from './fieldTypes';

const TRUE_WORDS = new Set(['true', '1', 'yes', 'y', 'on', 'checked']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n', 'off', '']);

/**
 * A value for a create, as Airtable takes it: the field's own type as is; with typecast, text is converted
 * ("12" or "1,250,000" to a number, "true"/"yes" to a checkbox, a date in any form Date.parse reads, a URL to an
 * attachment) and numbers/checkboxes become text in a text field. Anything else is 422 INVALID_VALUE_FOR_COLUMN.
 */
export function castValue(field: string, type: FieldType, value: FieldValue, typecast: boolean): FieldValue {
  if (value === null) return null;
  const refuse = (): never => {
    throw errors.invalidValueForColumn(field);
  };
  switch (type) {
    case 'number': {
      if (typeof value === 'number') return Number.isFinite(value) ? value : refuse();
      if (!typecast || typeof value !== 'string') return refuse();
      const cleaned = value.replace(/[\s,$]/g, '');
      if (cleaned === '') return null;
      return isNumberText(cleaned, false, false) ? Number(cleaned) : refuse();
    }
    case 'checkbox': {
      if (typeof value === 'boolean') return value;
      if (!typecast) return refuse();
      const word = String(value).trim().toLowerCase();
      if (TRUE_WORDS.has(word)) return true;
      if (FALSE_WORDS.has(word)) return false;
      return refuse();
    }
    case 'date':
    case 'dateTime': {
      if (typeof value !== 'string') return refuse();
      const iso = type === 'date' ? /^\d{4}-\d{2}-\d{2}$/ : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
      if (iso.test(value) && Number.isFinite(Date.parse(value))) return type === 'dateTime' ? new Date(value).toISOString() : value;
      if (!typecast) return refuse();
      const at = Date.parse(value);
      if (!Number.isFinite(at)) return refuse();
      return type === 'date' ? new Date(at).toISOString().slice(0, 10) : new Date(at).toISOString();
    }
    case 'attachments': {
      const list = Array.isArray(value)
        ? value
        : typecast && typeof value === 'string'
          ? value
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : refuse();
      return list.map((item) => {
        if (typecast && typeof item === 'string' && /^https?:\/\//.test(item)) return { url: item };
        if (item && typeof item === 'object' && !Array.isArray(item) && typeof item.url === 'string' && /^https?:\/\//.test(item.url)) return item;
        return refuse();
      });
    }
    default: {
      if (typeof value === 'string') return value;
      if (typecast && (typeof value === 'number' || typeof value === 'boolean')) return String(value);
      if (typecast && Array.isArray(value)) return formatPart(value);
      return refuse();
    }
  }
}
