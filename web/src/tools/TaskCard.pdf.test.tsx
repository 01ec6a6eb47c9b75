import { cleanup, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG, toolById, type TaskInfo } from '@wanxiang/contract';
import { installJsdomShims } from '../components/testing/jsdom-shims';
import { TaskCard } from './TaskCard';

/** The task cards of the PDF tools and 文字识别: OCR markdown rendered (tables as tables), and the AI note only on AI content. */
const done = (tool: string, result: TaskInfo['result']): TaskInfo => ({
  task_id: 'task_1',
  tool,
  status: 'succeeded',
  progress: 100,
  stage: '',
  inputs: {},
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:05.000Z',
  result,
});

function renderCard(t: TaskInfo) {
  installJsdomShims();
  render(
    <AntApp>
      <TaskCard task={t} tool={toolById(t.tool)!} busy={false} onCancel={() => {}} onRetry={() => {}} />
    </AntApp>,
  );
}

afterEach(cleanup);

describe('PDF tool and OCR task cards', () => {
  it('文字识别: the markdown is rendered, its table a table, with the Word file and the AI note', () => {
    const docx = { id: 'f1', name: '发票-识别结果.docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes: 10, url: '/api/v1/files/f1' };
    renderCard(done('AiORCModel', { files: [docx], text: '## 第 1 页\n\n| 项目 | 金额 |\n| --- | --- |\n| 餐费 | 120 |' }));
    const body = screen.getByTestId('task-result-markdown');
    expect(body.querySelector('h2')?.textContent).toBe('第 1 页');
    expect([...body.querySelectorAll('table td')].map((td) => td.textContent)).toEqual(['餐费', '120']);
    expect(screen.getByText('发票-识别结果.docx')).toBeTruthy();
    expect(screen.getByText(MSG.taskPageAiNote)).toBeTruthy();
  });

  it('PDF合并: the summary as plain text, the PDF to download, no AI-content note', () => {
    const pdf = { id: 'f2', name: '甲-合并.pdf', contentType: 'application/pdf', bytes: 10, url: '/api/v1/files/f2' };
    renderCard(done('pdfMerge', { files: [pdf], text: '已合并 2 个文件，共 3 页' }));
    expect(screen.getByTestId('task-result-text').textContent).toContain('已合并 2 个文件，共 3 页');
    expect(screen.queryByTestId('task-result-markdown')).toBeNull();
    expect(screen.getByText('甲-合并.pdf')).toBeTruthy();
    expect(screen.queryByText(MSG.taskPageAiNote)).toBeNull();
  });
});
