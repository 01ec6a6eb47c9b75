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
