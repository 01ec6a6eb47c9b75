/** A demo reply to one structured request: `question` is the last user message, `system` the system prompt (may be empty). */
export type SpecialAnswer = (question: string, system: string) => string | undefined;
