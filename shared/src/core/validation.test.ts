import { cleanText, dayIn, FORM_SCHEMAS, TEAM_TIME_ZONE, upcomingDayRange, validateField, validateSubmission } from './validation';

const contact = { name: 'Sam', email: 'sam@example.com', phone: '(905) 555-0100', subject: 'Viewing', message: 'Hello' };

describe('validateSubmission', () => {
  it('accepts a complete contact message, trims it, and keeps only known fields', () => {
    const result = validateSubmission('contact-form', { ...contact, name: '  Sam  ', source: 'call-to-action', isAdmin: true });
    expect(result).toEqual({ ok: true, value: { ...contact, source: 'call-to-action' } });
  });

  it('names every missing required field of the contact form', () => {
    const result = validateSubmission('contact-form', {});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['email', 'message', 'name', 'phone', 'subject']);
  });

  it('refuses an email address with an empty piece of its domain or local part (ada@example..com)', () => {
    for (const bad of [
      'ada@example..com',
      'ada@.example.com',
      'ada@example.com.',
      'ada.@example.com',
      '.ada@example.com',
      'a..da@example.com',
      'ada@example.c',
      'ada@-example.com',
      'ada@ex ample.com',
      'ada@@example.com',
      'ada@example',
    ])
      expect([bad, validateField(FORM_SCHEMAS['contact-form'].email, bad)]).toEqual([bad, 'Please enter a valid email address.']);
    for (const ok of ['ada@example.com', 'ada.lovelace+homes@mail.example.co.uk', "o'brien@example.ca", 'ada@xn--80ak6aa92e.com', 'zoë@exämple.de'])
      expect([ok, validateField(FORM_SCHEMAS['contact-form'].email, ok)]).toEqual([ok, null]);
  });

  it('rejects a bad email and phone with clear messages', () => {
    const result = validateSubmission('contact-form', { ...contact, email: 'sam@', phone: 'call me' });
    expect(result).toEqual({ ok: false, errors: { email: 'Please enter a valid email address.', phone: 'Please enter a valid phone number.' } });
  });

  it('checks bedroom and bathroom ranges and the half-bath step on the listing request', () => {
    const base = {
      name: 'A',
      email: 'a@b.ca',
      phone: '905 555 0100',
      PropertyAddress: '1 Main St',
      PropertyType: 'Townhouse',
      bedrooms: 3,
      bathrooms: 2.5,
      squareFootage: 1800,
      PropertyDescription: 'Nice',
    };
    expect(validateSubmission('list-with-us', base).ok).toBe(true);
    const bad = validateSubmission('list-with-us', { ...base, bedrooms: 11, bathrooms: 2.25, PropertyType: 'Castle' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors.bedrooms).toBe('Bedrooms must be at most 10.');
      expect(bad.errors.bathrooms).toBe('Bathrooms must be in steps of 0.5.');
      expect(bad.errors.PropertyType).toBe('Please choose a property type from the list.');
    }
  });

  it('converts numeric text to numbers', () => {
    const r = validateSubmission('home-evaluation', {
      name: 'A',
      email: 'a@b.ca',
      phone: '9055550100',
      address: '1 Main',
      city: 'Oakville',
      postalCode: 'L6J 1A1',
      bedrooms: '4',
      bathrooms: '3.5',
      propertySize: '2800',
    });
    expect(r.ok && r.value).toMatchObject({ bedrooms: 4, bathrooms: 3.5, propertySize: 2800 });
  });

  it('leaves optional fields optional (new development bedrooms, inquiry phone)', () => {
    const dev = {
      name: 'A',
      email: 'a@b.ca',
      phone: '9055550100',
      interestType: 'Investing',
      propertyType: 'Condo',
      budget: '$400,000',
      additionalDetails: 'Two units',
    };
    expect(validateSubmission('new-development', dev).ok).toBe(true);
    expect(validateSubmission('property-inquiry', { name: 'A', email: 'a@b.ca', message: 'Is it available?' }).ok).toBe(true);
  });

  it('rejects what is not an object', () => {
    for (const v of [null, 'x', [1], 3])
      expect(validateSubmission('contact-form', v)).toEqual({ ok: false, errors: { _form: 'The submission must be a JSON object.' } });
  });

  it('limits lengths so one submission stays small', () => {
    const r = validateSubmission('contact-form', { ...contact, message: 'x'.repeat(5001) });
    expect(r.ok).toBe(false);
  });
});

describe('validateField', () => {
  it('reads numbers given as text and rejects non-numbers', () => {
    expect(validateField(FORM_SCHEMAS['home-evaluation'].bedrooms, '3')).toBeNull();
    expect(validateField(FORM_SCHEMAS['home-evaluation'].bedrooms, 'three')).toBe('Bedrooms must be a number.');
    expect(validateField(FORM_SCHEMAS['home-evaluation'].bedrooms, -1)).toBe('Bedrooms must be at least 0.');
  });
  it('takes plain numbers only: 0x10, 1e3, Infinity and booleans are not numbers; thousands commas are fine', () => {
    const size = FORM_SCHEMAS['home-evaluation'].propertySize;
    for (const bad of ['0x10', '1e3', 'Infinity', '0b11', '12abc', true]) expect(validateField(size, bad)).toBe('Property size must be a number.');
    expect(validateField(size, '2,800')).toBeNull();
    const r = validateSubmission('home-evaluation', {
      name: 'A',
      email: 'a@b.ca',
      phone: '9055550100',
      address: '1 Main',
      city: 'Oakville',
      postalCode: 'L6J 1A1',
      bedrooms: '4',
      bathrooms: '3.5',
      propertySize: '2,800',
    });
    expect(r.ok && r.value.propertySize).toBe(2800);
  });
  it('stores text without NUL, control characters or direction overrides, keeping line breaks', () => {
    const r = validateSubmission('contact-form', { ...contact, name: 'Ada\u0000 \u202Eevil\u202C', message: 'line one\r\nline two\u0007\tend' });
    expect(r.ok && r.value).toMatchObject({ name: 'Ada evil', message: 'line one\nline two\tend' });
    expect(cleanText('\uFEFF  hi \u2066x\u2069 ')).toBe('hi x');
  });
  it('treats whitespace as empty', () => {
    expect(validateField(FORM_SCHEMAS['contact-form'].name, '   ')).toBe('Name is required.');
    expect(validateField(FORM_SCHEMAS['property-inquiry'].phone, '  ')).toBeNull();
  });
});

describe('a showing on the property inquiry (preferred date and time)', () => {
  const inquiry = { name: 'Ada', email: 'ada@example.com', message: 'A showing, please.' };
  // 2026-05-14 02:30 UTC is still 13 May in Toronto (UTC-4)
  const now = new Date('2026-05-14T02:30:00Z');
  const errorsOf = (extra: Record<string, unknown>) => {
    const r = validateSubmission('property-inquiry', { ...inquiry, ...extra }, now);
    return r.ok ? {} : r.errors;
  };

  it('keeps an upcoming date and a time with the inquiry; both may be left out', () => {
    expect(validateSubmission('property-inquiry', { ...inquiry, preferredDate: '2026-05-20', preferredTime: '14:30' }, now)).toEqual({
      ok: true,
      value: { ...inquiry, preferredDate: '2026-05-20', preferredTime: '14:30' },
    });
    expect(validateSubmission('property-inquiry', { ...inquiry, preferredDate: '', preferredTime: '' }, now)).toEqual({ ok: true, value: inquiry });
  });

  it('takes today in Toronto, refuses a past day, a day more than a year ahead and a day that does not exist', () => {
    expect(errorsOf({ preferredDate: '2026-05-13' })).toEqual({});
    expect(errorsOf({ preferredDate: '2026-05-12' })).toEqual({ preferredDate: 'Preferred date cannot be in the past.' });
    expect(errorsOf({ preferredDate: '2027-05-13' })).toEqual({});
    expect(errorsOf({ preferredDate: '2027-05-14' })).toEqual({ preferredDate: 'Preferred date must be within 365 days.' });
    for (const bad of ['2026-02-30', '13/05/2026', 'tomorrow', 20260520])
      expect(errorsOf({ preferredDate: bad })).toEqual({ preferredDate: 'Preferred date must be a date (YYYY-MM-DD).' });
  });

  it('takes a time of day as HH:MM in 24 hours, a slot within the hours of its day (showings.ts)', () => {
    // 2026-05-20 is a Wednesday: 9:00 to 19:00
    for (const ok of ['09:00', '14:30', '18:30']) expect(errorsOf({ preferredDate: '2026-05-20', preferredTime: ok })).toEqual({});
    expect(errorsOf({ preferredDate: '2026-05-20', preferredTime: '23:45' })).toEqual({ preferredTime: 'Showings on Wednesdays are from 9:00 am to 7:00 pm.' });
    expect(errorsOf({ preferredDate: '2026-05-20', preferredTime: '09:05' })).toEqual({ preferredTime: 'Please choose a time on the hour or the half hour.' });
    expect(errorsOf({ preferredTime: '14:30' })).toEqual({ preferredTime: 'Please choose a day for this time.' });
    for (const bad of ['24:00', '9:05', '2 pm', '12:60', 930])
      expect(errorsOf({ preferredTime: bad })).toEqual({ preferredTime: 'Preferred time must be a time (HH:MM).' });
  });

  it('gives a date input its min and max: today and a year ahead in Toronto', () => {
    expect(upcomingDayRange(FORM_SCHEMAS['property-inquiry'].preferredDate, now)).toEqual({ min: '2026-05-13', max: '2027-05-13' });
    expect(dayIn(TEAM_TIME_ZONE, new Date('2026-05-14T04:30:00Z'))).toBe('2026-05-14');
  });
});
