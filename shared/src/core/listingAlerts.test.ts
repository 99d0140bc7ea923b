import {
  EMPTY_ALERT_CRITERIA,
  alertCriteriaFromQuery,
  alertFormula,
  alertSearchQuery,
  describeAlertCriteria,
  validateAlertRequest,
  type AlertCriteria,
} from './listingAlerts';
import { listingSearchFormula } from './listingSearch';

const criteria = (c: Partial<AlertCriteria>): AlertCriteria => ({ ...EMPTY_ALERT_CRITERIA, ...c });

describe('validateAlertRequest', () => {
  it('accepts an email, a frequency and the search filters, cleaned as the search keeps them', () => {
    const result = validateAlertRequest({
      email: ' ada@example.com ',
      frequency: 'daily',
      criteria: { location: '  Oakville ', price: '1000000', priceCustom: '5', beds: 'custom', bedsCustom: '3', status: 'ALL', extra: 'ignored' },
    });
    expect(result).toEqual({
      ok: true,
      value: {
        email: 'ada@example.com',
        frequency: 'daily',
        criteria: criteria({ location: 'Oakville', price: '1000000', beds: 'custom', bedsCustom: '3', status: 'all' }),
      },
    });
  });

  it('answers field errors for a bad email, an unknown frequency and criteria that cannot be searched', () => {
    const result = validateAlertRequest({ email: 'not-an-email', frequency: 'hourly', criteria: { price: 'cheap', status: 'rented', keyword: ['a'] } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.email).toBe('Please enter a valid email address.');
    expect(result.errors.frequency).toBe('Please choose how often we should write.');
    expect(Object.keys(result.errors).sort()).toEqual(['criteria', 'criteria.keyword', 'criteria.price', 'criteria.status', 'email', 'frequency']);
    expect(validateAlertRequest({ frequency: 'weekly' })).toEqual({ ok: false, errors: { email: 'Email is required.' } });
    // an empty label in the domain (issue 38)
    expect(validateAlertRequest({ email: 'ada@example..com', frequency: 'weekly' })).toEqual({
      ok: false,
      errors: { email: 'Please enter a valid email address.' },
    });
    // the new filters: numbers and yes/no
    const bad = validateAlertRequest({ email: 'ada@example.com', frequency: 'weekly', criteria: { minPrice: 'a lot', pool: 'maybe' } });
    expect(bad.ok ? [] : Object.keys(bad.errors).sort()).toEqual(['criteria', 'criteria.minPrice', 'criteria.pool']);
    expect(validateAlertRequest('x')).toEqual({ ok: false, errors: { _form: 'The request must be a JSON object.' } });
  });
});

describe('the search of an alert', () => {
  it('is the listings search’s formula: every filter, the keyword word by word, the status last', () => {
    const c = criteria({
      location: 'Oak"ville',
      price: '1000000',
      propertyType: 'Condo',
      beds: '3',
      baths: '5+',
      sqft: 'custom',
      sqftCustom: '2,000',
      keyword: 'pool, ravine',
    });
    expect(listingSearchFormula(c)).toBe(
      'AND(OR(SEARCH(LOWER("oak\\"ville"), LOWER({Address}&\'\')), SEARCH(LOWER("oak\\"ville"), LOWER({Location}&\'\')), SEARCH(LOWER("oak\\"ville"), LOWER({City/State}&\'\')), SEARCH(LOWER("oak\\"ville"), LOWER({Postal Code}&\'\')), SEARCH(LOWER("oak\\"ville"), LOWER({Property ID}&\'\'))), ' +
        '{Price} <= 1000000, LOWER({Property Type}&\'\') = LOWER("Condo"), {Bedrooms} >= 3, {Bathrooms} >= 5, {Size (sq ft)} <= 2000, ' +
        "SEARCH(LOWER(\"pool\"), LOWER({Property Name}&' '&{Address}&' '&{Location}&' '&{City/State}&' '&{Description}&' '&{Listing Description}&' '&{Features})), " +
        "SEARCH(LOWER(\"ravine\"), LOWER({Property Name}&' '&{Address}&' '&{Location}&' '&{City/State}&' '&{Description}&' '&{Listing Description}&' '&{Features})), " +
        'LOWER(TRIM({Status}&\'\')) = "available")',
    );
  });

  it('without a filter watches what the Status filter lists', () => {
    expect(listingSearchFormula(EMPTY_ALERT_CRITERIA)).toBe('');
    expect(alertFormula(EMPTY_ALERT_CRITERIA)).toBe('LOWER(TRIM({Status}&\'\')) = "available"');
    expect(alertFormula(criteria({ status: 'all' }))).toBe('TRUE()');
  });

  it('reads and writes the listings page’s URL query', () => {
    const c = criteria({ location: 'Oakville', price: 'custom', priceCustom: '750000', keyword: 'pool', status: 'sold' });
    expect(alertSearchQuery(c)).toBe('location=Oakville&price=custom&priceCustom=750000&keyword=pool&status=sold');
    expect(alertCriteriaFromQuery(alertSearchQuery(c))).toEqual(c);
  });

  it('reads in words for staff and the email', () => {
    expect(
      describeAlertCriteria(
        criteria({ propertyType: 'Condo', location: 'Oakville', price: '1000000', beds: '3', baths: '2', sqft: '2000', keyword: 'pool ravine' }),
      ),
    ).toBe('Condo in “Oakville”, up to $1,000,000, 3+ beds, 2+ baths, up to 2,000 sq ft, with “pool”, “ravine” (for sale)');
    expect(describeAlertCriteria(criteria({ location: 'Milton', beds: '1' }))).toBe('In “Milton”, 1+ bed (for sale)');
    expect(describeAlertCriteria(criteria({ status: 'all' }))).toBe('Every listing (sold included)');
  });
});
