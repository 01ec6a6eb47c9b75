import { Button } from 'antd';
import { MSG } from '@wanxiang/contract';
import { useEffect, useState } from 'react';
import { applyWorkerUpdate, SW_UPDATE_EVENT } from './pwa';

/**
 * "A new version is ready": 立即刷新 activates the waiting worker and reloads; 稍后 leaves it to
 * the next start (the waiting worker takes over once every window of the app is closed).
 */
export function PwaUpdateNotice() {
  const [reg, setReg] = useState<ServiceWorkerRegistration | null>(null);
  useEffect(() => {
    const on = (e: Event) => setReg((e as CustomEvent<ServiceWorkerRegistration>).detail);
    window.addEventListener(SW_UPDATE_EVENT, on);
    return () => window.removeEventListener(SW_UPDATE_EVENT, on);
  }, []);
  if (!reg) return null;
  return (
    <div
      role="status"
      style={{
        position: 'fixed',
        right: 16,
        bottom: 16,
        zIndex: 2000,
        maxWidth: 320,
        padding: '12px 14px',
        background: '#fff',
        borderRadius: 10,
        boxShadow: '0 10px 30px rgba(15,23,42,.16)',
        fontSize: 14,
      }}
    >
      <div style={{ marginBottom: 10 }}>{MSG.pwaUpdateReady}</div>
      <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
        <Button size="small" onClick={() => setReg(null)}>
          稍后
        </Button>
        <Button size="small" type="primary" onClick={() => applyWorkerUpdate(reg)}>
          立即刷新
        </Button>
      </div>
    </div>
  );
}
