import { describe, expect, it } from 'vitest';
import { fieldsNamedIn, namedIn } from './named-in';

describe('finding the entry and fields a refusal names', () => {
  it('finds an entry by its whole name only', () => {
    const msg = '工具校验未通过：tools.json: tools.aiNaming.points: Too big';
    expect(namedIn(msg, 'tools.aiNaming')).toBe(true);
    expect(namedIn(msg, 'tools.ai')).toBe(false);
    expect(namedIn('商品校验未通过：shop.json: item 11 grants vip', 'item 1')).toBe(false);
    expect(namedIn('模型校验未通过：models.json: model "v40": x', '"v40"')).toBe(true);
    expect(namedIn(null, 'x')).toBe(false);
  });

  it('maps the file’s field names to form fields, as whole words', () => {
    const fields = { shop_price: 'price', shop_price_2: 'price2', points: 'points' } as const;
    expect(fieldsNamedIn('shop.json: items.3.shop_price_2: Too small', fields)).toEqual(['price2']);
    expect(fieldsNamedIn('shop.json: items.3.shop_price: Too small', fields)).toEqual(['price']);
    expect(fieldsNamedIn('model "v40": a points-priced model needs consume_points > 0', { consume_points: 'consume_points', points: 'x' })).toEqual([
      'consume_points',
      'x',
    ]);
    expect(fieldsNamedIn(null, fields)).toEqual([]);
  });
});
