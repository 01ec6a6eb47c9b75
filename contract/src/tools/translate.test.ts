import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { detectLanguage, parseGlossary, resolveTranslatePair, translateLanguageOf } from './translate';

describe('detectLanguage', () => {
  it.each([
    ['今天天气很好，我们去公园散步吧。', '中文'],
    ['The quick brown fox jumps over the lazy dog and the cat.', '英语'],
    ['お忙しいところ恐れ入りますが、ご確認をお願いいたします。', '日语'],
    ['会議は明日の午後三時からです。よろしくお願いします。', '日语'],
    ['안녕하세요, 만나서 반갑습니다.', '韩语'],
    ['Привет, как дела?', '俄语'],
    ['Merci beaucoup pour votre aide, nous sommes avec vous.', '法语'],
    ['Ich habe heute keine Zeit, aber wir sehen uns morgen und die Kinder auch.', '德语'],
    ['El perro de los vecinos es muy simpático y está en la casa.', '西班牙语'],
    ['Xin chào, tôi là người Việt Nam.', '越南语'],
    ['مرحبا بكم في المدينة', '阿拉伯语'],
    ['สวัสดีครับ ยินดีที่ได้รู้จัก', '泰语'],
    ['万象 AI supports 中文 and English 翻译。', '中文'],
  ])('%s -> %s', (text, lang) => {
    expect(detectLanguage(text)).toBe(lang);
  });

  it('has no answer for a text without letters', () => {
    expect(detectLanguage('12345 !!! ...')).toBeUndefined();
  });
});

describe('resolveTranslatePair', () => {
  it('keeps an explicit pair, refuses the same language twice and an unknown source', () => {
    expect(resolveTranslatePair('hello', '英语', '中文')).toEqual({ ok: true, from: '英语', to: '中文', detected: false, switched: false });
    expect(resolveTranslatePair('你好', '中文', '中文')).toEqual({ ok: false, msg: MSG.translateSameLanguage });
    expect(resolveTranslatePair('你好', '火星语', '中文')).toEqual({ ok: false, msg: MSG.translateBadLanguage('源语言') });
  });

  it('detects an automatic source and turns the target to the other of 中文/英语 when the text is already in it', () => {
    expect(resolveTranslatePair('你好，世界', '自动检测', '日语')).toMatchObject({
      from: '中文',
      to: '日语',
      detected: true,
      switched: false,
    });
    expect(resolveTranslatePair('你好，世界', '自动检测', '中文')).toMatchObject({ from: '中文', to: '英语', switched: true });
    expect(resolveTranslatePair('Bonjour, je suis là et vous', '自动检测', '法语')).toMatchObject({
      from: '法语',
      to: '中文',
      switched: true,
    });
  });
});

describe('parseGlossary', () => {
  it('reads 术语=译文 lines (full-width ＝ too), skipping blank lines', () => {
    expect(parseGlossary('万象=Wanxiang\n\n 大模型 ＝ large model \n')).toEqual({
      ok: true,
      terms: [
        { term: '万象', translation: 'Wanxiang' },
        { term: '大模型', translation: 'large model' },
      ],
    });
    expect(parseGlossary('')).toEqual({ ok: true, terms: [] });
  });

  it('names the first wrong line, and refuses too many terms', () => {
    expect(parseGlossary('a=b\n=c')).toEqual({ ok: false, msg: MSG.translateGlossaryBadLine(2) });
    expect(parseGlossary('a=b\nc=')).toEqual({ ok: false, msg: MSG.translateGlossaryBadLine(2) });
    expect(parseGlossary('只有术语')).toEqual({ ok: false, msg: MSG.translateGlossaryBadLine(1) });
    expect(parseGlossary(Array.from({ length: 51 }, (_, i) => `t${i}=x`).join('\n'))).toEqual({
      ok: false,
      msg: MSG.translateGlossaryTooMany(50),
    });
  });
});

describe('translateLanguageOf', () => {
  it('maps names and codes (any case) and refuses the unknown', () => {
    expect(translateLanguageOf('EN')).toBe('英语');
    expect(translateLanguageOf('zh-TW')).toBe('繁体中文');
    expect(translateLanguageOf('auto')).toBe('自动检测');
    expect(translateLanguageOf('日语')).toBe('日语');
    expect(translateLanguageOf('xx')).toBeUndefined();
  });
});
