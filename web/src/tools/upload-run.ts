import type { ToolField } from '@wanxiang/contract';

/**
 * Several files as several upload fields (PDF合并: PDF 文件 1-5, 图片转PDF: 图片 1-8): a run of
 * file or image fields grows one box at a time. An optional upload field that follows an upload
 * field of the same type is hidden while that one is empty (or hidden itself) and it holds
 * nothing; so the form shows the required boxes plus one spare, and another when that is filled.
 */
export function hiddenUploadFields(fields: readonly ToolField[], values: Readonly<Record<string, unknown>>): Set<string> {
  const hidden = new Set<string>();
  const filled = (name: string) => {
    const v = values[name];
    return typeof v === 'string' && v !== '';
  };
  fields.forEach((f, i) => {
    const prev = fields[i - 1];
    if (!prev || f.required || (f.type !== 'file' && f.type !== 'image') || prev.type !== f.type) return;
    if (!filled(f.name) && (hidden.has(prev.name) || !filled(prev.name))) hidden.add(f.name);
  });
  return hidden;
}
