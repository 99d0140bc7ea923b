import { readFileSync, readdirSync, statSync } from 'fs';
import { join } from 'path';

jest.mock('@gta/shared', () => ({
  remoteComponent: jest.fn((id: string, label: string) => ({ id, label })),
  loadRemoteModule: jest.fn(() => Promise.resolve({})),
}));

describe('other parts are loaded at run time, by id', () => {
  it('loads the lead modal, the inquiry form and the calculators through remoteComponent', () => {
    const remotes = jest.requireActual('./remotes');
    expect(remotes.LeadModal).toEqual({ id: 'forms/LeadModal', label: 'the interest form' });
    expect(remotes.PropertyInquiryForm).toMatchObject({ id: 'forms/PropertyInquiryForm' });
    expect(remotes.MortgageCalculators).toMatchObject({ id: 'content/MortgageCalculators', label: 'the calculators' });
  });

  it('never imports another remote’s source', () => {
    const files: string[] = [];
    const walk = (dir: string) =>
      readdirSync(dir).forEach((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name)) files.push(path);
      });
    walk(join(__dirname, '..'));
    const offenders = files.filter((f) => /from ['"][^'"]*mfe-(forms|content|chat|admin)|from ['"][^'"]*\.\.\/\.\.\/\.\.\//.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
