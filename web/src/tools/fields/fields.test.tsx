import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ToolSpec } from '@wanxiang/contract';
import { installJsdomShims } from '../../components/testing/jsdom-shims';
import { initialValues, validateValues, type FormErrors, type FormValues } from '../form-values';
import { ToolForm } from '../ToolForm';

/** The picture-card fields and the consent line as the generic form draws them: roles, names, click and keys. */

const TOOL: ToolSpec = {
  id: 'drawTest',
  paths: ['/draw/test'],
  title: '测试',
  description: '',
  group: 'draw',
  icon: '🎨',
  kind: 'task',
  output: 'image',
  quotaKey: '',
  points: 0,
  fields: [
    { name: 'image', type: 'image', label: '原图' },
    { name: 'mask', type: 'mask', label: '涂抹区域', of: 'image' },
    { name: 'style', type: 'style', label: '风格', options: ['无', '水墨', '国潮'].map((v) => ({ value: v, label: v })), default: '无' },
    { name: 'size', type: 'size', label: '比例', options: ['1:1', '3:4', '16:9'].map((v) => ({ value: v, label: v })), default: '1:1' },
    { name: 'consent', type: 'consent', label: '我已获得照片中人物的授权', required: true },
  ],
};

function Form({ onSubmit }: { onSubmit: (v: FormValues) => void }) {
  const [values, setValues] = useState<FormValues>(() => initialValues(TOOL.fields));
  const [errors, setErrors] = useState<FormErrors>({});
  return (
    <ToolForm
      tool={TOOL}
      values={values}
      errors={errors}
      onChange={(n, v) => setValues((s) => ({ ...s, [n]: v }))}
      onExample={() => undefined}
      onSubmit={() => {
        const found = validateValues(TOOL.fields, values);
        setErrors(found);
        if (Object.keys(found).length === 0) onSubmit(values);
      }}
      busy={false}
    />
  );
}

afterEach(cleanup);

describe('image tool fields in the tool form', () => {
  it('style cards and ratio boxes are radio groups named by their labels: click, arrows, Home/End', () => {
    installJsdomShims();
    const submit = vi.fn();
    render(<Form onSubmit={submit} />);
    const styles = screen.getByRole('radiogroup', { name: '风格' });
    const none = screen.getByRole('radio', { name: '无' });
    expect(none.getAttribute('aria-checked')).toBe('true');
    expect(none.tabIndex).toBe(0);
    fireEvent.click(screen.getByRole('radio', { name: '国潮' }));
    expect(screen.getByRole('radio', { name: '国潮' }).getAttribute('aria-checked')).toBe('true');
    expect(none.tabIndex).toBe(-1); // one tab stop: the picked card
    fireEvent.keyDown(screen.getByRole('radio', { name: '国潮' }), { key: 'ArrowRight' });
    expect(none.getAttribute('aria-checked')).toBe('true'); // wraps round
    expect(document.activeElement).toBe(none);
    fireEvent.keyDown(none, { key: 'End' });
    expect(screen.getByRole('radio', { name: '国潮' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.keyDown(screen.getByRole('radio', { name: '国潮' }), { key: 'ArrowLeft' });
    expect(screen.getByRole('radio', { name: '水墨' }).getAttribute('aria-checked')).toBe('true');
    expect(styles.querySelectorAll('[role=radio]')).toHaveLength(3);

    screen.getByRole('radiogroup', { name: '比例' });
    fireEvent.keyDown(screen.getByRole('radio', { name: '1:1' }), { key: 'ArrowDown' });
    expect(screen.getByRole('radio', { name: '3:4' }).getAttribute('aria-checked')).toBe('true');
  });

  it('a required consent blocks the submit until ticked; the mask asks for the picture first', () => {
    installJsdomShims();
    const submit = vi.fn();
    render(<Form onSubmit={submit} />);
    expect(screen.getByTestId('mask-field-mask').textContent).toContain('请先上传原图');
    fireEvent.click(screen.getByTestId('tool-submit'));
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('请先阅读并勾选同意');
    fireEvent.click(screen.getByRole('checkbox', { name: /我已获得照片中人物的授权/ }));
    fireEvent.click(screen.getByTestId('tool-submit'));
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ consent: true, style: '无', size: '1:1' }));
  });
});
