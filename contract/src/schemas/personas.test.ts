import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { PersonaAddSchema, personaStatusView } from './personas';

const VALID = {
  title: '导游',
  avatar: 'https://example.com/a.png',
  context: [{ role: 'system', content: '你是一名导游' }],
};
const first = (input: unknown) => PersonaAddSchema.safeParse(input).error?.issues[0]?.message;

describe('persona validation (docs/product/prompts-and-personas.md §5)', () => {
  it('answers each spec message, in the spec order', () => {
    expect(first({ ...VALID, context: [] })).toBe(MSG.personaNeedDialogue);
    expect(first({ title: '', avatar: '', context: [] })).toBe(MSG.personaNeedDialogue);
    expect(first({ ...VALID, context: [{ role: '', content: 'x' }] })).toBe(MSG.personaRoleRequired);
    expect(first({ ...VALID, context: [{ role: 'user', content: '' }] })).toBe(MSG.personaContentRequired);
    expect(first({ ...VALID, avatar: '' })).toBe(MSG.personaAvatarRequired);
    expect(first({ ...VALID, avatar: 'data:image/png;base64,AAAA' })).toBe(MSG.personaAvatarInvalid);
    expect(first({ ...VALID, title: '' })).toBe(MSG.personaTitleRequired);
    expect(MSG.personaSubmitted).toBe('提交成功,耐心等待审核!');
    expect(MSG.personaViewOnly).toBe('请勿操作');
  });

  it('accepts a valid persona and fills defaults', () => {
    expect(PersonaAddSchema.parse(VALID)).toEqual({ ...VALID, description: '', emoji: '' });
  });

  it('status 1 is normal, 4 pending in orange, anything else refused in red', () => {
    expect(personaStatusView(1).color).toBe('green');
    expect(personaStatusView(4)).toEqual({ label: MSG.personaStatusPending, color: 'orange' });
    expect(personaStatusView(2).color).toBe('red');
    expect(personaStatusView(0).color).toBe('red');
  });
});
