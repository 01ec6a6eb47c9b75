import { isObject } from './protocol';

/**
 * What the demo upstream says about attachments, so a person trying the product without vendor
 * keys sees that the model really received them: the files' names and opening words (the chat
 * service marks each file as 【文件：name】 … 【文件结束】 before 【问题】), and each image's type,
 * size and, for PNG, its dimensions.
 */

export interface DemoAttachments {
  /** The question without the attached files' text. */
  question: string;
  /** Markdown paragraph acknowledging the attachments; '' when there are none. */
  preface: string;
}

const FILE_BLOCK = /【文件：([^】\n]*)】\n([\s\S]*?)\n【文件结束】/g;
const QUESTION = '【问题】\n';

export function readAttachments(body: unknown, lastUserText: string): DemoAttachments {
  const lines: string[] = [];
  let question = lastUserText;
  const at = lastUserText.lastIndexOf(QUESTION);
  if (at >= 0) {
    question = lastUserText.slice(at + QUESTION.length);
    for (const m of lastUserText.slice(0, at).matchAll(FILE_BLOCK)) {
      const text = m[2]!.replace(/\s+/g, ' ').trim();
      const opening = [...text]
        .slice(0, 40)
        .join('')
        .replace(/[`*_#<>[\]\\|$]/g, '');
      lines.push(`- 已阅读文件「${m[1]}」（共 ${[...text].length} 字），开头是：「${opening}」`);
    }
  }
  for (const image of imagesOf(body)) lines.push(`- 收到一张图片（${image}）`);
  if (lines.length === 0) return { question, preface: '' };
  return { question, preface: ['### 附件', '', ...lines, '', ''].join('\n') };
}

/** Descriptions of the image parts of the last user message. */
function imagesOf(body: unknown): string[] {
  if (!isObject(body) || !Array.isArray(body.messages)) return [];
  const last = [...body.messages].reverse().find((m) => isObject(m) && m.role === 'user');
  if (!isObject(last) || !Array.isArray(last.content)) return [];
  const out: string[] = [];
  for (const part of last.content) {
    if (!isObject(part) || part.type !== 'image_url' || !isObject(part.image_url) || typeof part.image_url.url !== 'string') continue;
    out.push(describeImage(part.image_url.url));
  }
  return out;
}

function describeImage(url: string): string {
  const m = /^data:([\w/+.-]+);base64,(.*)$/s.exec(url);
  if (!m) return '图片链接';
  const bytes = Buffer.from(m[2]!, 'base64');
  const kb = Math.max(1, Math.round(bytes.length / 1024));
  const png = bytes.length > 24 && bytes.toString('latin1', 12, 16) === 'IHDR';
  const size = png ? `，${bytes.readUInt32BE(16)}×${bytes.readUInt32BE(20)} 像素` : '';
  return `${m[1]}，约 ${kb} KB${size}`;
}
