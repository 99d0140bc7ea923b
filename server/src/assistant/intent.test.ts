import { bareName, findAmounts, findCities, findName, parseIntent } from './intent';

describe('parseIntent', () => {
  it('recognises buy / sell / invest', () => {
    expect(parseIntent('I want to buy a home').goals).toEqual(['buy']);
    expect(parseIntent("We're thinking of selling our house").goals).toEqual(['sell']);
    expect(parseIntent('Looking for an investment property').goals).toEqual(expect.arrayContaining(['buy', 'invest']));
  });

  it('reads cities, bedrooms, price limits and property types', () => {
    const i = parseIntent('Show me 3 bed detached homes in Oakville under 2 million');
    expect(i.criteria).toEqual({ cities: ['Oakville'], minBedrooms: 3, maxPrice: 2_000_000, kind: 'detached' });
    expect(i.hasCriteria).toBe(true);
    expect(parseIntent('condo below $1.5M in mississauga').criteria).toEqual({ cities: ['Mississauga'], maxPrice: 1_500_000, kind: 'condo' });
    expect(parseIntent('a townhouse in Milton, 900k').criteria).toEqual({ cities: ['Milton'], maxPrice: 900_000, kind: 'townhouse' });
    expect(parseIntent('four bedroom house in Burlington over $1,200,000').criteria).toEqual({
      cities: ['Burlington'],
      minBedrooms: 4,
      minPrice: 1_200_000,
      kind: 'house',
    });
    expect(parseIntent('between 1 and 2 million in St Catharines with 2 baths').criteria).toEqual({
      cities: ['St. Catharines'],
      minPrice: 1_000_000,
      maxPrice: 2_000_000,
      minBathrooms: 2,
    });
    expect(parseIntent('5+ bedrooms in Niagara on the Lake').criteria.cities).toEqual(['Niagara-on-the-Lake']);
  });

  it('does not take room counts or years for prices', () => {
    expect(findAmounts('3 bed 2 bath built 2019')).toEqual([]);
    expect(findAmounts('$850,000').map((a) => a.value)).toEqual([850_000]);
    expect(findAmounts('1.25m or 1200k').map((a) => a.value)).toEqual([1_250_000, 1_200_000]);
  });

  it('recognises offices, evaluation and down payment questions', () => {
    expect(parseIntent('Where is your office? What is the phone number?').topics).toContain('offices');
    expect(parseIntent('How do I book a home evaluation?').topics).toContain('evaluation');
    const dp = parseIntent("What's the minimum down payment on a $1.2M home?");
    expect(dp.topics).toContain('downPayment');
    expect(dp.amount).toBe(1_200_000);
  });

  it('finds names and emails', () => {
    expect(parseIntent('My name is jane doe and my email is Jane.Doe@Example.com').name).toBe('Jane Doe');
    expect(parseIntent('My name is jane doe and my email is Jane.Doe@Example.com').email).toBe('jane.doe@example.com');
    expect(findName('Jane Doe, jane@example.com')).toBe('Jane Doe');
    expect(findName("I'm Priya, priya@example.com")).toBe('Priya');
    expect(findName("I'm looking for a condo")).toBeUndefined();
    expect(findName('i am interested in Oakville')).toBeUndefined();
    expect(parseIntent('call me at 905-555-0101').phone).toBe('905-555-0101');
  });

  it('matches cities the listings add', () => {
    expect(findCities('anything in Port Credit?', ['Port Credit'])).toEqual(['Port Credit']);
  });
});

describe('guide questions and names (issue 26 #9)', () => {
  it('recognises land transfer tax and mortgage payment questions, with the price', () => {
    const ltt = parseIntent('how much is land transfer tax on a $900,000 home?');
    expect(ltt.topics).toContain('landTransferTax');
    expect(ltt.amount).toBe(900_000);
    expect(parseIntent('LTT in Toronto for 1.2M').toronto).toBe(true);
    expect(parseIntent('what would my mortgage payment be?').topics).toContain('mortgagePayment');
    expect(parseIntent('How much would I pay per month?').topics).toContain('mortgagePayment');
  });

  it('takes a name only from words that give one', () => {
    expect(bareName('Thank you')).toBeUndefined();
    expect(bareName('No thanks')).toBeUndefined();
    expect(bareName('Sure')).toBeUndefined();
    expect(bareName('sam lee')).toBe('Sam Lee');
    expect(bareName("Mary-Kate O'Neil.")).toBe("Mary-Kate O'Neil");
    expect(findName('Thank you about@example.com')).toBeUndefined();
    expect(findName('About my question, a@example.com')).toBeUndefined();
    expect(findName("It's About time")).toBeUndefined();
    expect(findName('Sure, Jane Doe, jane@example.com')).toBe('Jane Doe');
  });
});
