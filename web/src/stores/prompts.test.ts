import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@wanxiang/contract';
import { filterPrompts, usePromptStore } from './prompts';

describe('prompt store (prompt_storage)', () => {
  beforeEach(() => usePromptStore.getState().clear());

  it('adds newest first, updates, removes and persists under prompt_storage', () => {
    const st = usePromptStore.getState();
    st.add({ key: '一', value: '内容一' });
    st.add({ key: '二', value: '内容二' });
    const [second, first] = usePromptStore.getState().items;
    expect([second?.key, first?.key]).toEqual(['二', '一']);
    st.update(first!.id, { key: '一改', value: '新内容' });
    expect(usePromptStore.getState().items[1]).toMatchObject({ key: '一改', value: '新内容' });
    st.remove(second!.id);
    expect(usePromptStore.getState().items.map((p) => p.key)).toEqual(['一改']);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.prompt) ?? '{}').state.items).toHaveLength(1);
  });

  it('imports only templates not already present', () => {
    const st = usePromptStore.getState();
    st.add({ key: 'a', value: '1' });
    expect(
      st.importMany([
        { key: 'a', value: '1' },
        { key: 'b', value: '2' },
        { key: 'b', value: '2' },
      ]),
    ).toBe(1);
    expect(usePromptStore.getState().items).toHaveLength(2);
  });

  it('filters by title or content, ignoring case', () => {
    const list = [
      { key: 'SQL 终端', value: '扮演数据库' },
      { key: '厨师', value: '做菜 sql 无关' },
      { key: '诗人', value: '写诗' },
    ];
    expect(filterPrompts(list, 'sql').map((p) => p.key)).toEqual(['SQL 终端', '厨师']);
    expect(filterPrompts(list, '  ')).toHaveLength(3);
  });
});
