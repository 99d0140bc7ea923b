/**
 * Errors of the records API in Airtable's JSON shapes and statuses, so airtable.js reports them as it would for
 * the real service (it maps 401, 403, 404, 413, 422 and 429 by status and reads error.type / error.message).
 */
import { ApiError, type AirtableErrorBody } from '../http/apiError';

export { ApiError, type AirtableErrorBody };

export const errors = {
  authenticationRequired: (): ApiError => new ApiError(401, 'AUTHENTICATION_REQUIRED', 'Authentication required'),
  notAuthorized: (message = 'You are not authorized to perform this operation'): ApiError => new ApiError(403, 'NOT_AUTHORIZED', message),
  invalidPermissions: (message: string): ApiError => new ApiError(403, 'INVALID_PERMISSIONS', message),
  notFound: (message = 'Could not find what you are looking for'): ApiError => new ApiError(404, 'NOT_FOUND', message),
  tableNotFound: (table: string, base: string): ApiError => new ApiError(404, 'TABLE_NOT_FOUND', `Could not find table ${table} in application ${base}`),
  requestTooLarge: (): ApiError => new ApiError(413, 'REQUEST_TOO_LARGE', 'Request body is too large'),
  invalidFormula: (detail: string): ApiError => new ApiError(422, 'INVALID_FILTER_BY_FORMULA', `The formula for filtering records is invalid: ${detail}`),
  // a name is quoted back only in part: a 2 MB field name must not come back as a 2 MB answer
  unknownField: (field: string): ApiError =>
    new ApiError(422, 'UNKNOWN_FIELD_NAME', `Unknown field name: "${field.length > 80 ? `${field.slice(0, 80)}…` : field}"`),
  invalidRequest: (detail?: string): ApiError =>
    new ApiError(422, 'INVALID_REQUEST_UNKNOWN', `Invalid request: parameter validation failed. Check your request data.${detail ? ` (${detail})` : ''}`),
  viewNotFound: (view: string): ApiError => new ApiError(422, 'VIEW_NAME_NOT_FOUND', `View ${view.length > 80 ? `${view.slice(0, 80)}…` : view} not found`),
  cellFormatNeeds: (parameter: 'timeZone' | 'userLocale'): ApiError =>
    new ApiError(
      422,
      'INVALID_REQUEST_UNKNOWN',
      `Invalid request: parameter validation failed. Check your request data. (${parameter} is required when cellFormat is "string")`,
    ),
  invalidValueForColumn: (field: string): ApiError =>
    new ApiError(422, 'INVALID_VALUE_FOR_COLUMN', `Field "${field.length > 80 ? `${field.slice(0, 80)}…` : field}" cannot accept the provided value`),
  rowDoesNotExist: (id: string): ApiError =>
    new ApiError(422, 'ROW_DOES_NOT_EXIST', `Record ID ${id.length > 80 ? `${id.slice(0, 80)}…` : id} does not exist in this table`),
  invalidOffset: (): ApiError =>
    new ApiError(422, 'LIST_RECORDS_ITERATOR_NOT_AVAILABLE', 'The offset is not valid or has expired; list the records again from the start.'),
  tooManyRequests: (retryAfterSeconds: number): ApiError =>
    new ApiError(429, 'RATE_LIMIT_REACHED', 'Rate limit exceeded. Please try again later', { 'Retry-After': String(retryAfterSeconds) }),
};
