import { searchIntentAnswer } from './search';
import { webdiskAnswer } from './webdisk';
import { mindMapAnswer } from './mindmap';
import { agentsAnswer } from './agents';
import { scholarAnswer } from './scholar';
import { slidesAnswer } from './slides';
import { diagramAnswer } from './diagram';
/**
 * Replies the demo upstream gives to the server's own structured requests (intent detection,
 * mind maps, slide outlines, website lists...), so the product works end to end without vendor
 * keys. Each area adds one file here and one line below; the first matcher that answers wins.
 */

import type { SpecialAnswer } from './types';

export type { SpecialAnswer } from './types';

export const SPECIAL_ANSWERS: SpecialAnswer[] = [];
SPECIAL_ANSWERS.push(searchIntentAnswer);
SPECIAL_ANSWERS.push(webdiskAnswer);
SPECIAL_ANSWERS.push(mindMapAnswer);
SPECIAL_ANSWERS.push(agentsAnswer);
SPECIAL_ANSWERS.push(scholarAnswer);
SPECIAL_ANSWERS.push(slidesAnswer);
// Last: a marked request above answers first even when its text names Mermaid.
SPECIAL_ANSWERS.push(diagramAnswer);

export function specialAnswer(question: string, system: string): string | undefined {
  for (const answer of SPECIAL_ANSWERS) {
    const out = answer(question, system);
    if (out !== undefined) return out;
  }
  return undefined;
}
