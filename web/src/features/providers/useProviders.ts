import { useCallback, useEffect, useState } from 'react';
import type { ModelSlotsRes, ProviderListRes } from '@wanxiang/contract';
import { getModelMax, getServiceList } from '../../api/providers';
import { RequestError } from '../../api/request';
import { useCatalogStore } from '../../stores/chat-catalog';

/** The provider list, its load error (服务商列表加载失败 plus detail) and the slot meter, with a reload. */
export function useProviders() {
  const [data, setData] = useState<ProviderListRes | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [slots, setSlots] = useState<ModelSlotsRes | null>(null);

  const reload = useCallback(async () => {
    try {
      const [list, max] = await Promise.all([getServiceList(), getModelMax()]);
      setData(list);
      setSlots(max);
      setError(null);
    } catch (err) {
      setError(err instanceof RequestError ? err.msg : err instanceof Error ? err.message : String(err));
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** After a change: this list, the meter and the chat menus' custom entries. */
  const changed = useCallback(async () => {
    await reload();
    if (useCatalogStore.getState().status !== 'idle') void useCatalogStore.getState().load(true);
  }, [reload]);

  return { data, error, slots, reload, changed };
}
