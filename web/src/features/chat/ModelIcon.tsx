import { memo } from 'react';
import { Avatar } from 'antd';
import type { ModelEntry } from '@wanxiang/contract';

const PALETTE = ['#5b5bf6', '#10a37f', '#f5722d', '#2f88ff', '#d946ef', '#0ea5e9', '#ef4444'];

function colorOf(key: string): string {
  let h = 0;
  for (const ch of key) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length] as string;
}

/**
 * A model's icon from the catalog; when the image is missing, its initial on a stable colour.
 * Memoized: the streaming message re-renders every frame, its avatar need not.
 */
export const ModelIcon = memo(function ModelIcon({ model, size = 28 }: { model: ModelEntry | undefined; size?: number }) {
  const name = model?.shortName || model?.label || '万';
  return (
    <Avatar
      size={size}
      src={model?.icon || undefined}
      alt={model?.label}
      style={{ background: model?.icon ? '#fff' : colorOf(model?.key ?? name), flexShrink: 0, border: '1px solid #eceef5' }}
    >
      {name.slice(0, 1)}
    </Avatar>
  );
});
