/**
 * Drafts: what a visitor has typed into a form stays in sessionStorage (this tab only, gone when it closes) until
 * the form is sent successfully, so a lost connection or a reload never loses a lead.
 */
const PREFIX = 'gta-forms/draft/';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame)
  }
}

/** The saved values of a form, keeping only the known fields and string values. */
export function readDraft<K extends string>(key: string, fields: readonly K[]): Partial<Record<K, string>> {
  const raw = storage()?.getItem(PREFIX + key);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return {};
    const draft: Partial<Record<K, string>> = {};
    for (const field of fields) {
      const value = (parsed as Record<string, unknown>)[field];
      if (typeof value === 'string') draft[field] = value;
    }
    return draft;
  } catch {
    return {};
  }
}

/** Saves the values, or removes the draft when nothing has been typed. */
export function writeDraft(key: string, values: Record<string, string>, initial: Record<string, string>): void {
  const store = storage();
  if (!store) return;
  const typed = Object.keys(values).some((field) => values[field] !== initial[field]);
  try {
    if (typed) store.setItem(PREFIX + key, JSON.stringify(values));
    else store.removeItem(PREFIX + key);
  } catch {
    /* quota exceeded: the form still works, only the draft is not kept */
  }
}

export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(PREFIX + key);
  } catch {
    /* nothing to do */
  }
}

export const draftStorageKey = (key: string): string => PREFIX + key;
