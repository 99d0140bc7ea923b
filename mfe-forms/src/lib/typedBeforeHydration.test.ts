import { typedBeforeHydration } from './typedBeforeHydration';

function formOf(html: string): HTMLFormElement {
  document.body.innerHTML = `<form>${html}</form>`;
  return document.querySelector('form') as HTMLFormElement;
}

describe('what was typed before the page hydrated', () => {
  it('is every text field whose value on screen differs from what the form rendered', () => {
    const form = formOf('<input name="name" value=""><input name="email" value=""><textarea name="message"></textarea>');
    (form.elements.namedItem('name') as HTMLInputElement).value = 'Early Bird';
    (form.elements.namedItem('message') as HTMLTextAreaElement).value = 'Call me';
    expect(typedBeforeHydration(form, { name: '', email: '', message: '' })).toEqual({ name: 'Early Bird', message: 'Call me' });
  });

  it('is nothing for a form nobody touched, or no form', () => {
    const form = formOf('<input name="name" value="Ada"><select name="budget"><option value="">Choose</option><option value="1m">1M</option></select>');
    expect(typedBeforeHydration(form, { name: 'Ada', budget: '' })).toEqual({});
    expect(typedBeforeHydration(null, { name: '' })).toEqual({});
  });

  it('takes a chosen option, but not the first option a select shows by itself', () => {
    const chosen = formOf('<select name="budget"><option value="">Choose</option><option value="1m">1M</option></select>');
    (chosen.elements.namedItem('budget') as HTMLSelectElement).value = '1m';
    expect(typedBeforeHydration(chosen, { budget: '' })).toEqual({ budget: '1m' });
    const noEmptyOption = formOf('<select name="type"><option value="house">House</option><option value="condo">Condo</option></select>');
    expect(typedBeforeHydration(noEmptyOption, { type: '' })).toEqual({});
  });

  it('leaves checkboxes and hidden fields alone', () => {
    const form = formOf('<input type="checkbox" name="consent" value="yes"><input type="hidden" name="source" value="x">');
    expect(typedBeforeHydration(form, { consent: '', source: '' })).toEqual({});
  });
});
