/**
 * What a visitor typed into a form of the server's HTML before the page hydrated. React adopts the server's fields
 * without touching their values, so the text stays on screen, but the form's state still holds what the server
 * rendered: the next render of a field (a validation message, a keystroke elsewhere) would write the old value
 * back, and a submission would send it. The form reads these values once it has hydrated and takes them as its own.
 *
 * A field counts as typed into when its value on screen differs from the value the form rendered. A select counts
 * only when the rendered value is one of its options (otherwise the browser shows its first option by itself).
 */
export function typedBeforeHydration<K extends string>(form: HTMLFormElement | null, rendered: Readonly<Record<K, string>>): Partial<Record<K, string>> {
  const typed: Partial<Record<K, string>> = {};
  if (!form) return typed;
  for (const name of Object.keys(rendered) as K[]) {
    const control = form.elements.namedItem(name);
    const value = rendered[name] ?? '';
    if (control instanceof HTMLTextAreaElement) {
      if (control.value !== value) typed[name] = control.value;
    } else if (control instanceof HTMLInputElement) {
      if (!['checkbox', 'radio', 'file', 'submit', 'button', 'reset', 'hidden'].includes(control.type) && control.value !== value) typed[name] = control.value;
    } else if (control instanceof HTMLSelectElement) {
      const renderedIsAnOption = Array.from(control.options).some((option) => option.value === value);
      if (renderedIsAnOption && control.value !== value) typed[name] = control.value;
    }
  }
  return typed;
}
