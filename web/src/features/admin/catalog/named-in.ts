/**
 * The server answers a refused save with one Chinese line that names the entry at fault in the file's own words
 * (`tools.aiNaming.points`, `model "v35"`, `item 11`); the form editors mark that entry's row with it.
 */
/** Whether the server's check message names an entry (`tools.aiNaming`, `model "v35"`): the needle, not a longer name. */
export function namedIn(problem: string | null | undefined, needle: string): boolean {
  if (!problem || !needle) return false;
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escaped}(?![A-Za-z0-9_-])`).test(problem);
}

/**
 * The form fields whose file field the message names as a word (`consume_points`, not `points` inside it): `fields`
 * maps the file's field name to the form's. The drawers show the message under those fields.
 */
export function fieldsNamedIn<F extends string>(problem: string | null | undefined, fields: Readonly<Record<string, F>>): F[] {
  if (!problem) return [];
  const out = new Set<F>();
  for (const [fileField, formField] of Object.entries(fields)) {
    if (new RegExp(`(?<![A-Za-z0-9_])${fileField}(?![A-Za-z0-9_])`).test(problem)) out.add(formField);
  }
  return [...out];
}
