/** File picking rules (spec section 5): multiple files, limited to the allowed MIME types; picks accumulate; removal by name. */

/** True when the file matches the `accept`-style list ('image/*,application/pdf,.csv'); an empty list allows all. */
export function isAllowedFile(file: { name: string; type: string }, allowed: string): boolean {
  const rules = allowed
    .split(',')
    .map((r) => r.trim().toLowerCase())
    .filter(Boolean);
  if (rules.length === 0) return true;
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return rules.some((rule) => {
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}

/** Adds newly picked files to the chosen ones (a file with a name already chosen replaces it). */
export function addFiles(current: readonly File[], picked: readonly File[], allowed: string): File[] {
  const accepted = picked.filter((f) => isAllowedFile(f, allowed));
  const names = new Set(accepted.map((f) => f.name));
  return [...current.filter((f) => !names.has(f.name)), ...accepted];
}

export function removeFile(current: readonly File[], name: string): File[] {
  return current.filter((f) => f.name !== name);
}

/** Opens the file in a new tab (a blob: URL, released after a minute). */
export function previewFile(file: File): void {
  const url = URL.createObjectURL(file);
  window.open(url, '_blank', 'noopener');
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
