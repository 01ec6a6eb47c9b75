import { describe, expect, it } from 'vitest';
import { IMG_PUBLISH_TITLE_MAX } from '@wanxiang/contract';
import { suggestedTitle } from './PublishToSquare';

describe('the publish dialog’s start title', () => {
  it('is the prompt with its spaces folded', () => {
    expect(suggestedTitle('  黄昏的海边\n 一只橘猫  ')).toBe('黄昏的海边 一只橘猫');
  });

  it('is cut to the API’s most characters, counted as a person counts them', () => {
    const long = '🐱'.repeat(IMG_PUBLISH_TITLE_MAX + 5);
    const title = suggestedTitle(long);
    expect(Array.from(title)).toHaveLength(IMG_PUBLISH_TITLE_MAX);
    expect(title.startsWith('🐱🐱')).toBe(true);
  });

  it('is empty without a prompt (the user must write one)', () => {
    expect(suggestedTitle('')).toBe('');
  });
});
