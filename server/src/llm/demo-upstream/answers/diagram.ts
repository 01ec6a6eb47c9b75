import { flowchart } from './agents';
import type { SpecialAnswer } from './types';

/**
 * A chat question that asks for a Mermaid diagram (the word "mermaid" in it) gets the flow-chart agent's
 * ```mermaid answer, so the web's diagram blocks can be tried, and tested end to end, without a vendor key.
 */
export const diagramAnswer: SpecialAnswer = (question) =>
  /mermaid/i.test(question) ? flowchart(question.replace(/(用|以)?\s*mermaid\s*/gi, '')) : undefined;
