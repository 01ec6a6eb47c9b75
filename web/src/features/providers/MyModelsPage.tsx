import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { MSG } from '@wanxiang/contract';
import { useIsMobile } from '../../hooks/useIsMobile';
import { ProviderManager, type ProviderPrefill } from './ProviderManager';
import styles from './providers.module.css';

/**
 * /moxing/myModel: the custom provider and model management as a page. Query params `company`,
 * `api_url` and `model_id` (a shared model's link) open the add-provider modal prefilled.
 */
export default function MyModelsPage({ title }: { title?: string }) {
  const mobile = useIsMobile();
  const [params] = useSearchParams();
  const prefill = useMemo<ProviderPrefill | undefined>(() => {
    const company = params.get('company')?.trim().slice(0, 64) || undefined;
    const apiUrl = params.get('api_url')?.trim().slice(0, 500) || undefined;
    const modelId = params.get('model_id')?.trim().slice(0, 128) || undefined;
    // Only an http(s) address is put in the form.
    const api_url = apiUrl && /^https?:\/\//i.test(apiUrl) ? apiUrl : undefined;
    return company || api_url || modelId ? { company, api_url, model_id: modelId } : undefined;
  }, [params]);
  return (
    <div className={styles.page} data-testid="my-models-page">
      <div className={styles.pageTitle}>{title ?? MSG.providersMyModelsTitle}</div>
      <ProviderManager mobile={mobile} prefill={prefill} />
    </div>
  );
}
