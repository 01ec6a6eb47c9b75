import type { ToolInputs } from '@wanxiang/contract';

/**
 * The server half of one prompt tool (CREATION.md: the registry's public half is in contract/src/
 * tools/, this half beside the engine): how the model is asked, which model answers, and what the
 * demo upstream says without vendor keys. Adding a prompt tool is one entry here and one there.
 */
export interface PromptToolServer {
  id: string;
  /** The system prompt: role, method, the markdown structure of the answer, safety notes. Never holds user text. */
  system: string;
  /** Catalog model key that answers by default (and the only one when the tool has no model switch). */
  model: string;
  temperature: number;
  /** Longest answer read (characters); the stream ends as done there. */
  maxChars: number;
  /**
   * Facts the server adds before the model is asked (a real random draw, a computed similarity,
   * the days of a date range), rendered as labelled data after the user's fields. A refusal is a
   * Chinese sentence answered as a 400 before anything is held.
   */
  facts?(values: ToolInputs, random: RandomSource): ToolFact[] | { refusal: string };
  /**
   * Facts read from the user's uploaded file (数据分析's CSV/XLSX statistics), added after `facts`.
   * `read` finds only the caller's own file (null otherwise); a refusal is a Chinese 400 before anything is held.
   */
  fileFacts?(values: ToolInputs, read: OwnFileReader): Promise<ToolFact[] | { refusal: string }>;
  /** The answer as saved to the history (charts checked against the whitelist, bad ones replaced); the stream itself is not changed. */
  finish?(content: string): string;
  /** A short, plausible markdown answer for demo mode (no vendor keys), from the same inputs and facts. */
  demo(values: ToolInputs, facts: readonly ToolFact[]): string;
}

/** The caller's own stored file by id: its name and bytes, or null when it is not theirs or gone. */
export type OwnFileReader = (fileId: string) => Promise<{ name: string; data: Buffer } | null>;

/**
 * Demo answers travel to the demo upstream in a request header (llm/demo-upstream/given-answer.ts),
 * base64 of UTF-8: at most this many characters keeps the header far below Node's 16 KB limit.
 */
export const DEMO_ANSWER_MAX_CHARS = 2_000;

export interface ToolFact {
  label: string;
  value: string;
}

/** A uniform integer in [0, n): crypto-backed in the server, seeded in tests. */
export type RandomSource = (n: number) => number;
