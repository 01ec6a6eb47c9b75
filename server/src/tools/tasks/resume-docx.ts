import { AlignmentType, BorderStyle, Document, Footer, Packer, Paragraph, Tab, TabStopPosition, TabStopType, TextRun } from 'docx';
import { MSG, type ResumeTemplate } from '@wanxiang/contract';
import { aigcDocxProperties } from '../aigc-label';
import type { ResumeContent } from './resume-content';

/**
 * AI简历's Word document in one of two templates: 经典 (centred name, coloured section titles
 * with a rule, periods right-aligned) and 简约 (left-aligned, grey small titles, no rules, periods
 * in front). Both end with the visible AI-content line in the footer and carry the implicit label
 * in the custom properties under the key AIGC (as every exported document: modules/tools/export.ts).
 */

/** The section titles (the handler test finds them in the document). */
export const RESUME_SECTIONS = { summary: '个人简介', education: '教育经历', experience: '工作与项目经历', skills: '专业技能' } as const;

interface Look {
  accent: string;
  nameSize: number;
  nameAlign: (typeof AlignmentType)[keyof typeof AlignmentType];
  sectionSize: number;
  sectionColor: string;
  rule: boolean;
  periodFirst: boolean;
}

const LOOKS: Record<ResumeTemplate, Look> = {
  classic: {
    accent: '1F4E79',
    nameSize: 44,
    nameAlign: AlignmentType.CENTER,
    sectionSize: 26,
    sectionColor: '1F4E79',
    rule: true,
    periodFirst: false,
  },
  simple: {
    accent: '333333',
    nameSize: 40,
    nameAlign: AlignmentType.LEFT,
    sectionSize: 22,
    sectionColor: '808080',
    rule: false,
    periodFirst: true,
  },
};

const FONT = { ascii: 'Calibri', hAnsi: 'Calibri', eastAsia: 'Microsoft YaHei' };

function sectionTitle(look: Look, text: string): Paragraph {
  return new Paragraph({
    spacing: { before: 240, after: 80 },
    ...(look.rule ? { border: { bottom: { style: BorderStyle.SINGLE, size: 8, color: look.accent, space: 2 } } } : {}),
    children: [new TextRun({ text, bold: true, size: look.sectionSize, color: look.sectionColor })],
  });
}

/** An entry's head: org (bold), role, and its period (right-aligned, or first in grey for 简约). */
function entryHead(look: Look, main: string, sub: string, period: string): Paragraph {
  const body = [new TextRun({ text: main, bold: true }), ...(sub ? [new TextRun({ text: `  ${sub}` })] : [])];
  if (look.periodFirst) {
    return new Paragraph({
      spacing: { before: 120 },
      children: [...(period ? [new TextRun({ text: `${period}  `, color: '808080' })] : []), ...body],
    });
  }
  return new Paragraph({
    spacing: { before: 120 },
    tabStops: [{ type: TabStopType.RIGHT, position: TabStopPosition.MAX }],
    children: [...body, ...(period ? [new TextRun({ children: [new Tab(), period], color: '595959' })] : [])],
  });
}

const bullet = (text: string) => new Paragraph({ bullet: { level: 0 }, children: [new TextRun(text)] });

export function resumeBlocks(resume: ResumeContent, template: ResumeTemplate): Paragraph[] {
  const look = LOOKS[template];
  const out: Paragraph[] = [
    new Paragraph({
      alignment: look.nameAlign,
      children: [new TextRun({ text: resume.name, bold: true, size: look.nameSize, color: look.accent })],
    }),
  ];
  const sub = [resume.targetJob && `求职意向：${resume.targetJob}`, resume.contact].filter(Boolean).join('  |  ');
  if (sub)
    out.push(
      new Paragraph({ alignment: look.nameAlign, spacing: { after: 120 }, children: [new TextRun({ text: sub, color: '595959' })] }),
    );
  if (resume.summary) out.push(sectionTitle(look, RESUME_SECTIONS.summary), new Paragraph({ children: [new TextRun(resume.summary)] }));
  if (resume.education.length) {
    out.push(sectionTitle(look, RESUME_SECTIONS.education));
    for (const e of resume.education) out.push(entryHead(look, e.school, e.degree, e.period), ...e.details.map(bullet));
  }
  if (resume.experience.length) {
    out.push(sectionTitle(look, RESUME_SECTIONS.experience));
    for (const e of resume.experience) out.push(entryHead(look, e.org, e.role, e.period), ...e.highlights.map(bullet));
  }
  if (resume.skills.length) out.push(sectionTitle(look, RESUME_SECTIONS.skills), ...resume.skills.map(bullet));
  return out;
}

/** The resume as a .docx: the template's blocks, the AI-content footer, the AIGC custom property (content id = the task id). */
export async function resumeDocx(resume: ResumeContent, template: ResumeTemplate, contentId: string): Promise<Buffer> {
  const footer = new Footer({
    children: [
      new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: MSG.aiDisclaimer, size: 16, color: '808080' })] }),
    ],
  });
  const doc = new Document({
    ...aigcDocxProperties(`${resume.name}的简历`, contentId, MSG.aiDisclaimer),
    styles: { default: { document: { run: { font: FONT, size: 21 }, paragraph: { spacing: { line: 300 } } } } },
    sections: [
      {
        properties: { page: { margin: { top: 1000, bottom: 1000, left: 1100, right: 1100 } } },
        footers: { default: footer },
        children: resumeBlocks(resume, template),
      },
    ],
  });
  return Packer.toBuffer(doc);
}
