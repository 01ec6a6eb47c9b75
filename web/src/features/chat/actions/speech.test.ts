import { afterEach, describe, expect, it, vi } from 'vitest';
import { speakableText, stopSpeaking, toggleSpeech, useSpeechStore } from './speech';

describe('speakableText', () => {
  it('drops code, formulas, link targets and markdown symbols', () => {
    const md = '## 标题\n**重点**：见[文档](https://x.cn)。\n```js\nconsole.log(1)\n```\n$$E=mc^2$$\n| a | b |\n| --- | --- |\n`npm` 命令';
    expect(speakableText(md)).toBe('标题 重点 ：见文档。 a b npm 命令');
  });
});

describe('toggleSpeech', () => {
  afterEach(() => {
    stopSpeaking();
    vi.unstubAllGlobals();
  });

  function stubSpeech() {
    const spoken: { text: string; lang: string; onend: (() => void) | null }[] = [];
    vi.stubGlobal('SpeechSynthesisUtterance', function (this: { text: string; lang: string }, text: string) {
      this.text = text;
      this.lang = '';
    });
    const synth = {
      speak: vi.fn((u: { text: string; lang: string; onend: (() => void) | null }) => spoken.push(u)),
      cancel: vi.fn(),
      getVoices: () => [],
    };
    vi.stubGlobal('speechSynthesis', synth);
    return { spoken, synth };
  }

  it('reads a reply in zh-CN, and the same button stops it; another reply takes over', () => {
    const { spoken, synth } = stubSpeech();
    expect(toggleSpeech('a', '**你好**')).toBe(true);
    expect(spoken[0]).toMatchObject({ text: '你好', lang: 'zh-CN' });
    expect(useSpeechStore.getState().speakingId).toBe('a');
    expect(toggleSpeech('a', '你好')).toBe(false);
    expect(synth.cancel).toHaveBeenCalled();
    expect(useSpeechStore.getState().speakingId).toBeNull();

    toggleSpeech('a', '一');
    toggleSpeech('b', '二');
    expect(useSpeechStore.getState().speakingId).toBe('b');
    // The end of a reading clears the state.
    spoken.at(-1)!.onend?.();
    expect(useSpeechStore.getState().speakingId).toBeNull();
  });
});
