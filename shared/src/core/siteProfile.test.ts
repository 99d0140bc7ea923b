import { siteProfile } from './siteProfile';

/** Every string a visitor can read from the profile (names, titles, addresses, badges…). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('siteProfile', () => {
  it('reads as a real (fictional) team: no "placeholder" in any visible value', () => {
    const found = strings(siteProfile).filter((s) => /placeholder/i.test(s));
    expect(found).toEqual([]);
  });

  it("gives the agent a person's name and titles that read in a sentence ('<name>, <designation>, leads the team')", () => {
    expect(siteProfile.agent.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    expect(siteProfile.agent.designation).not.toMatch(/,/);
    expect(siteProfile.brokerage).toMatch(/Brokerage$/);
  });
});
