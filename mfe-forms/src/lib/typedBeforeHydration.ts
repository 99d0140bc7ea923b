/**
 * What a visitor typed into a form of the server's HTML before the page hydrated. React adopts the server's fields
 * without touching their values, so the text stays on screen, but the form's state still holds what the server
 * rendered: the next render of a field (a validation message, a keystroke elsewhere) would write the old value
 * back, and a submission would send it. The form reads these values once it has hydrated and takes them as its own.
 *
 * A field counts as typed into when its value on screen differs from the value the form rendered
 * (`valueTypedBeforeHydration` of the shared package, which the calculators and the listings search use per field).
 */
import { valueTypedBeforeHydration } from '@gta/shared';

export function typedBeforeHydration<K extends string>(form: HTMLFormElement | null, rendered: Readonly<Record<K, string>>): Partial<Record<K, string>> {
  const typed: Partial<Record<K, string>> = {};
  if (!form) return typed;
  for (const name of Object.keys(rendered) as K[]) {
    const control = form.elements.namedItem(name);
    const value = valueTypedBeforeHydration(control instanceof Element ? control : null, rendered[name] ?? '');
    if (value !== null) typed[name] = value;
  }
  return typed;
}
