/**
 * What a visitor typed, picked or ticked in the server's HTML before the page hydrated. The first screen arrives
 * rendered and its fields work at once, but the app starts a moment later (seconds on a slow phone). React adopts
 * the server's fields without touching what is in them, so the visitor's input stays on screen, while the
 * component's state still holds what the server rendered: its next render (a keystroke elsewhere, a validation
 * message) would write the old value back, and the results beside the field would be for the old value too.
 *
 * A component reads its control once, as it mounts (before the browser paints), and takes the visitor's input as its
 * state. After a client-side render the control holds what was rendered, and nothing happens.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

type ValueControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const NOT_TEXT = ['checkbox', 'radio', 'file', 'submit', 'button', 'reset', 'hidden', 'image'];

/**
 * The control's value when the visitor changed it from `rendered`, else null. A select counts only when the rendered
 * value is one of its options (otherwise the browser shows its first option by itself); checkboxes, radios and
 * buttons have no typed value (see checkedBeforeHydration).
 */
export function valueTypedBeforeHydration(control: Element | null | undefined, rendered: string): string | null {
  if (control instanceof HTMLTextAreaElement) return control.value !== rendered ? control.value : null;
  if (control instanceof HTMLInputElement) return !NOT_TEXT.includes(control.type) && control.value !== rendered ? control.value : null;
  if (control instanceof HTMLSelectElement) {
    const renderedIsAnOption = Array.from(control.options).some((option) => option.value === rendered);
    return renderedIsAnOption && control.value !== rendered ? control.value : null;
  }
  return null;
}

/** A checkbox's or radio button's state when the visitor changed it from `rendered`, else null. */
export function checkedBeforeHydration(control: Element | null | undefined, rendered: boolean): boolean | null {
  if (!(control instanceof HTMLInputElement) || (control.type !== 'checkbox' && control.type !== 'radio')) return null;
  return control.checked !== rendered ? control.checked : null;
}

/**
 * The ref to put on a control (or on an element around a group of them). As it mounts, `read` says what the visitor
 * left in it (null: nothing new), and `adopt` receives that, once. Both are taken from the first render, the one that
 * matches the server's HTML.
 */
function useAdoptedOnMount<E extends Element, T>(read: (element: E | null) => T | null, adopt: (found: T) => void): RefObject<E | null> {
  const ref = useRef<E | null>(null);
  const first = useRef({ read, adopt });
  useLayoutEffect(() => {
    const found = first.current.read(ref.current);
    if (found !== null) first.current.adopt(found);
  }, []);
  return ref;
}

/**
 * For a controlled text field or select: returns the ref to put on it. When the control mounts holding something
 * other than `rendered` (the visitor's input before hydration), `adopt` receives it, once.
 */
export function useValueTypedBeforeHydration<E extends ValueControl>(rendered: string, adopt: (typed: string) => void): RefObject<E | null> {
  return useAdoptedOnMount<E, string>((control) => valueTypedBeforeHydration(control, rendered), adopt);
}

/**
 * For a controlled checkbox or radio button: returns the ref to put on it. When it mounts in the other state than
 * `rendered` (ticked or picked before hydration), `adopt` receives its state, once.
 */
export function useCheckedBeforeHydration(rendered: boolean, adopt: (checked: boolean) => void): RefObject<HTMLInputElement | null> {
  return useAdoptedOnMount<HTMLInputElement, boolean>((control) => checkedBeforeHydration(control, rendered), adopt);
}

/**
 * For a group of controlled radio buttons: returns the ref to put on an element around them. When the group mounts
 * with another button picked than the one whose value is `rendered`, `adopt` receives the picked value, once.
 */
export function useRadioPickedBeforeHydration<E extends HTMLElement>(rendered: string, adopt: (picked: string) => void): RefObject<E | null> {
  return useAdoptedOnMount<E, string>((group) => {
    const radios = group ? Array.from(group.querySelectorAll<HTMLInputElement>('input[type="radio"]')) : [];
    return radios.find((radio) => checkedBeforeHydration(radio, radio.value === rendered) === true)?.value ?? null;
  }, adopt);
}

/**
 * Runs `apply` when `key` changes after the first render, not on it. For a component that starts its state from
 * props and must follow a later change of them (a property page's price, a new search URL): doing it on the first
 * render as well would overwrite what the visitor typed before hydration, adopted by the fields as they mounted.
 */
export function useOnLaterChange(key: unknown, apply: () => void): void {
  const seen = useRef(key);
  useEffect(() => {
    if (Object.is(seen.current, key)) return;
    seen.current = key;
    apply();
    // only a change of key calls it; apply is this render's own
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
