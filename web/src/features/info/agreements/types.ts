/** A legal text as sections of paragraphs, so it renders as plain JSX (no HTML strings). */
export interface LegalDoc {
  title: string;
  updated: string;
  intro: string[];
  sections: { heading: string; paragraphs: string[] }[];
}
