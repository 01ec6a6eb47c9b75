import type { ToolField, ToolFieldOption, ToolSpec } from './spec';

/**
 * Small builders for the prompt tools' forms (generate-*.ts, writing.ts), so each entry reads as
 * its data. A select's value is its Chinese label: the server puts it in the prompt as written.
 */
export const options = (...labels: string[]): ToolFieldOption[] => labels.map((label) => ({ value: label, label }));

export function select(name: string, label: string, labels: string[], fallback = labels[0]!): ToolField {
  return { name, type: 'select', label, options: options(...labels), default: fallback };
}

/** The main free-text field every prompt tool has. */
export function mainText(label: string, placeholder: string, max: number, required = true): ToolField {
  return { name: 'text', type: 'textarea', label, placeholder, max, required };
}

export const lengthField = (fallback = '约800字'): ToolField => select('length', '篇幅', ['约300字', '约800字', '约1500字', '约3000字'], fallback);

export const toneField = (fallback = '自然流畅'): ToolField =>
  select('tone', '语气风格', ['自然流畅', '正式严谨', '生动活泼', '幽默风趣', '温暖感人', '简洁有力'], fallback);

/** Shared facts of every prompt tool: a streamed markdown answer, no points price. */
export function promptTool(spec: Omit<ToolSpec, 'kind' | 'output' | 'points' | 'paths'> & { path: string }): ToolSpec {
  const { path, ...rest } = spec;
  return { ...rest, paths: [path], kind: 'prompt', output: 'markdown', points: 0 };
}
