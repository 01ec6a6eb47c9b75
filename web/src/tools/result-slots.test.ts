import { describe, expect, it } from 'vitest';
import type { TaskFile, TaskInfo, ToolField, ToolSpec } from '@wanxiang/contract';
import { resultSlots, slotAspect, slotCount } from './result-slots';

/** The picture slots of an image tool's task card: how many, which are filled, which wait. */

const FIELDS: ToolField[] = [
  { name: 'prompt', type: 'textarea', label: '描述', required: true },
  { name: 'size', type: 'size', label: '比例', options: ['1:1', '3:4', '16:9'].map((v) => ({ value: v, label: v })), default: '1:1' },
  { name: 'count', type: 'number', label: '数量', min: 1, max: 4, default: 2 },
];
const DRAW: Pick<ToolSpec, 'output' | 'fields'> = { output: 'image', fields: FIELDS };

const picture = (id: string, contentType = 'image/png'): TaskFile => ({ id, url: `/api/v1/files/${id}`, name: `${id}.png`, contentType, bytes: 100 });

function task(over: Partial<TaskInfo>): TaskInfo {
  return { task_id: 't1', tool: 'text2image', status: 'queued', progress: 0, stage: '排队中', inputs: { prompt: '猫', count: 4 }, createdAt: '', updatedAt: '', ...over };
}

describe('result slots', () => {
  it('only image tools whose form has a count get slots, as many as the task asked for', () => {
    expect(slotCount(DRAW, task({}))).toBe(4);
    expect(slotCount(DRAW, task({ inputs: { prompt: '猫' } }))).toBe(2); // the field's default
    expect(slotCount(DRAW, task({ inputs: { count: 99 } }))).toBe(8); // never an endless grid
    expect(slotCount(DRAW, task({ inputs: { count: 0 } }))).toBe(1);
    expect(slotCount({ output: 'image', fields: FIELDS.filter((f) => f.name !== 'count') }, task({}))).toBeNull();
    expect(slotCount({ output: 'file', fields: FIELDS }, task({}))).toBeNull();
    expect(resultSlots({ output: 'file', fields: FIELDS }, task({}))).toBeNull();
  });

  it('a submitted task shows every slot waiting with its progress', () => {
    const slots = resultSlots(DRAW, task({ status: 'queued', progress: 0 }))!;
    expect(slots).toEqual([0, 1, 2, 3].map((index) => ({ kind: 'waiting', index, progress: 0, queued: true })));
    const running = resultSlots(DRAW, task({ status: 'running', progress: 37.6 }))!;
    expect(running.every((s) => s.kind === 'waiting' && s.progress === 38 && !s.queued)).toBe(true);
  });

  it('slots fill in order as the running task lists its pictures, the rest still waiting', () => {
    const slots = resultSlots(DRAW, task({ status: 'running', progress: 50, result: { files: [picture('a'), picture('b')] } }))!;
    expect(slots.map((s) => (s.kind === 'picture' ? s.file.id : `waiting-${s.index}`))).toEqual(['a', 'b', 'waiting-2', 'waiting-3']);
  });

  it('an ended task shows what it made: all its pictures, no waiting slot; failed or canceled none', () => {
    const done = resultSlots(DRAW, task({ status: 'succeeded', progress: 100, result: { files: [picture('a'), picture('b'), picture('c'), picture('d')] } }))!;
    expect(done.map((s) => s.kind)).toEqual(['picture', 'picture', 'picture', 'picture']);
    // A vendor that gave fewer: no slot waits for a picture that will never come.
    const fewer = resultSlots(DRAW, task({ status: 'succeeded', progress: 100, result: { files: [picture('a'), picture('x', 'application/json')] } }))!;
    expect(fewer).toEqual([{ kind: 'picture', file: picture('a') }]);
    expect(resultSlots(DRAW, task({ status: 'failed', error: '生成失败', result: { files: [picture('a')] } }))).toEqual([]);
    expect(resultSlots(DRAW, task({ status: 'canceled' }))).toEqual([]);
  });

  it('an engine that lists pictures only at the end fills every slot then', () => {
    const before = resultSlots(DRAW, task({ status: 'running', progress: 90 }))!;
    expect(before.filter((s) => s.kind === 'waiting')).toHaveLength(4);
    const after = resultSlots(DRAW, task({ status: 'succeeded', progress: 100, result: { files: ['a', 'b', 'c', 'd'].map((id) => picture(id)) } }))!;
    expect(after.filter((s) => s.kind === 'picture')).toHaveLength(4);
  });

  it('slots take the shape of the ratio the task asked for', () => {
    expect(slotAspect(DRAW, task({ inputs: { size: '16:9' } }))).toBe('16 / 9');
    expect(slotAspect(DRAW, task({ inputs: { size: '3:4' } }))).toBe('3 / 4');
    expect(slotAspect(DRAW, task({ inputs: {} }))).toBe('1 / 1');
    expect(slotAspect({ fields: FIELDS.filter((f) => f.type !== 'size') }, task({ inputs: { size: '16:9' } }))).toBe('1 / 1');
  });
});
