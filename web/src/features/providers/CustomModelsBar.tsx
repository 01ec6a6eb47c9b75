import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { MSG, type ModelSlotsRes } from '@wanxiang/contract';
import { getModelMax } from '../../api/providers';
import { useUserStore } from '../../stores/user';
import { ProviderConfigModal } from './ProviderConfigModal';
import { SlotMeter } from './SlotMeter';
import { useImportModel } from './useImportModel';
import styles from './providers.module.css';

/** The 'More' modal's custom tab header (4.6 tab 1): the slot meter and the import-model button. */
export function CustomModelsBar({ mobile, count }: { mobile?: boolean; count: number }) {
  const loggedIn = useUserStore((s) => Boolean(s.token));
  const importer = useImportModel();
  const [slots, setSlots] = useState<ModelSlotsRes | null>(null);
  useEffect(() => {
    if (!loggedIn || importer.open) return;
    getModelMax()
      .then(setSlots)
      .catch(() => setSlots(null));
  }, [loggedIn, importer.open, count]);
  return (
    <div className={styles.customBar} data-testid="custom-models-bar">
      <SlotMeter slots={slots} />
      <ImportModelButton onClick={importer.start} />
      <ProviderConfigModal open={importer.open} onClose={importer.close} mobile={mobile} />
    </div>
  );
}

export function ImportModelButton({ onClick }: { onClick(): void }) {
  return (
    <Button icon={<ApiOutlined />} onClick={onClick} data-testid="import-model">
      {MSG.providersImportModel}
    </Button>
  );
}
