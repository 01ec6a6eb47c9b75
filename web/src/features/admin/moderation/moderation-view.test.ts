import { describe, expect, it } from 'vitest';
import { chatReportActions, dialogueLines, imageActions, modelReportActions, modUserLabel, personaActions } from './moderation-view';

describe('moderation view rules', () => {
  it('offers only the transitions the server accepts', () => {
    expect(personaActions('pending')).toEqual(['approve', 'reject']);
    expect(personaActions('approved')).toEqual([]);
    expect(personaActions('refused')).toEqual([]);
    expect(modelReportActions('open')).toEqual(['dismiss', 'takedown']);
    expect(modelReportActions('dismissed')).toEqual([]);
    expect(chatReportActions('open')).toEqual(['dismiss', 'confirm']);
    expect(chatReportActions('actioned')).toEqual([]);
    expect(imageActions('listed')).toEqual(['takedown']);
    expect(imageActions('hidden')).toEqual(['takedown', 'restore']);
    expect(imageActions('taken_down')).toEqual(['restore']);
  });

  it('names people by nick, else phone, with the id', () => {
    expect(modUserLabel({ id: 7, nick: '小王', phone: '13800000000' })).toBe('小王 #7');
    expect(modUserLabel({ id: 7, nick: '', phone: '13800000000' })).toBe('13800000000 #7');
    expect(modUserLabel({ id: 7, nick: '', phone: '' })).toBe('#7');
  });

  it('writes a dialogue line by line with role names, long lines cut', () => {
    const names = { system: '设定', assistant: '助手' };
    expect(dialogueLines([{ role: 'system', content: '你是老师' }, { role: 'assistant', content: '长'.repeat(5) }], names, 3)).toEqual(['设定：你是老…', '助手：长长长…']);
    expect(dialogueLines([{ role: 'user', content: '你好' }], names)).toEqual(['user：你好']);
  });
});
