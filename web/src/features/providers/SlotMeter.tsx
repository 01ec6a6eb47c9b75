import { Progress } from 'antd';
import { MSG, type ModelSlotsRes } from '@wanxiang/contract';

/** The custom model slot meter (chat2/getModelMax): used / max. */
export function SlotMeter({ slots }: { slots: ModelSlotsRes | null }) {
  if (!slots) return null;
  const pct = slots.max > 0 ? Math.min(100, Math.round((slots.used / slots.max) * 100)) : 100;
  return (
    <div data-testid="model-slot-meter" style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 160 }}>
      <Progress percent={pct} size="small" showInfo={false} status={slots.used >= slots.max ? 'exception' : 'normal'} style={{ width: 80, margin: 0 }} />
      <span style={{ color: '#646a73', fontSize: 13, whiteSpace: 'nowrap' }}>{MSG.providersSlotMeter(slots.used, slots.max)}</span>
    </div>
  );
}
