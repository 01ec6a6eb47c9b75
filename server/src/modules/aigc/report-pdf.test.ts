import { execFileSync } from 'node:child_process';
import { PDFDict, PDFDocument, PDFHexString, PDFName } from 'pdf-lib';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { AIGC_MSG, MSG, type AigcReport } from '@wanxiang/contract';
import { docxToPdf } from '../../tools/tasks/office-pdf';
import { labelPdf } from '../../tools/tasks/pdf-label';
import { reportDocx } from './report-docx';

const hasSoffice = (() => {
  try {
    execFileSync(process.env.SOFFICE_BIN ?? 'soffice', ['--version'], { stdio: 'ignore', timeout: 30_000 });
    return true;
  } catch {
    return false;
  }
})();

const REPORT: AigcReport = {
  mode: 'aigc',
  title: '智能教育',
  detector: 'llm',
  demo: true,
  rate: 61.5,
  band: 'medium',
  chars: 120,
  counts: { high: 1, medium: 0, low: 1 },
  paragraphs: [
    { index: 0, text: '随着人工智能技术的快速发展，智能教育正在深刻改变传统的教学模式。', score: 0.83, band: 'high' },
    { index: 1, text: '昨天我去菜市场买菜，碰到老王在跟摊主讨价还价。', score: 0.11, band: 'low' },
  ],
};

describe('the report PDF', () => {
  it.skipIf(!hasSoffice)(
    'shows the figures, the estimate notice and the AI-content footer, and carries the AIGC entry',
    async () => {
      const pdf = await docxToPdf(await reportDocx(REPORT, 'tREPORT12345'));
      expect(pdf).not.toBeNull();
      const labelled = await labelPdf(pdf!, 'tREPORT12345', false);
      const { text } = await extractText(new Uint8Array(labelled), { mergePages: true });
      const flat = text.replace(/\s+/g, '');
      expect(flat).toContain('AIGC检测报告（演示）');
      expect(flat).toContain('61.5%（中）');
      expect(flat).toContain('[第1段·83%高]');
      expect(flat).toContain(AIGC_MSG.estimateNotice);
      expect(flat).toContain(MSG.aiDisclaimer.replace(/\s+/g, ''));
      const doc = await PDFDocument.load(labelled);
      const info = doc.context.lookup(doc.context.trailerInfo.Info);
      expect(info).toBeInstanceOf(PDFDict);
      const aigc = (info as PDFDict).get(PDFName.of('AIGC'));
      expect(aigc).toBeInstanceOf(PDFHexString);
      expect(JSON.parse((aigc as PDFHexString).decodeText())).toMatchObject({ Label: '1', ProduceID: 'tREPORT12345' });
    },
    120_000,
  );
});
