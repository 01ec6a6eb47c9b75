import { Button, Checkbox, Input, InputNumber, Radio } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DESIGN_DOCS_MSG as T } from '@wanxiang/contract';
import { FONT_SIZE_MAX, FONT_SIZE_MIN, MAX_LAYERS, type LayerAlign, type TextLayer } from './layers';
import styles from './poster.module.css';

export interface LayerPanelProps {
  layers: readonly TextLayer[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onChange: (id: string, patch: Partial<Omit<TextLayer, 'id'>>) => void;
  onAdd: () => void;
  onRemove: (id: string) => void;
}

const ROLE_LABEL: Record<TextLayer['role'], string> = { title: '标题', subtitle: '副标题', body: '正文', info: '时间地点', custom: '文字' };

/** The text layers: pick one, then change its words, size, colour, weight and alignment; add or remove layers. */
export function LayerPanel({ layers, selectedId, onSelect, onChange, onAdd, onRemove }: LayerPanelProps) {
  const selected = layers.find((l) => l.id === selectedId) ?? null;
  return (
    <div className={styles.panel} data-testid="poster-layers">
      <div className={styles.panelHead}>
        <span className={styles.panelTitle}>{T.posterLayers}</span>
        <Button size="small" icon={<PlusOutlined />} onClick={onAdd} disabled={layers.length >= MAX_LAYERS} data-testid="poster-add-layer">
          {T.posterAddLayer}
        </Button>
      </div>
      <div className={styles.layerList}>
        {layers.map((l) => (
          <button
            type="button"
            key={l.id}
            className={`${styles.layerItem} ${l.id === selectedId ? styles.layerItemOn : ''}`}
            onClick={() => onSelect(l.id)}
            data-testid="poster-layer-item"
            data-x={l.x}
            data-y={l.y}
            aria-pressed={l.id === selectedId}
          >
            <span className={styles.layerRole}>{ROLE_LABEL[l.role]}</span>
            <span className={styles.layerText}>{l.text || ' '}</span>
          </button>
        ))}
      </div>
      {selected && (
        <div className={styles.props} data-testid="poster-layer-props">
          <label className={styles.propLabel}>
            {T.posterLayerText}
            <Input.TextArea
              value={selected.text}
              autoSize={{ minRows: 1, maxRows: 5 }}
              maxLength={300}
              onChange={(e) => onChange(selected.id, { text: e.target.value })}
              data-testid="poster-layer-text"
            />
          </label>
          <div className={styles.propRow}>
            <label className={styles.propLabel}>
              {T.posterFontSize}
              <InputNumber
                min={FONT_SIZE_MIN}
                max={FONT_SIZE_MAX}
                value={selected.fontSize}
                onChange={(v) => typeof v === 'number' && onChange(selected.id, { fontSize: v })}
                data-testid="poster-font-size"
              />
            </label>
            <label className={styles.propLabel}>
              {T.posterColor}
              <input
                type="color"
                className={styles.color}
                value={selected.color}
                onChange={(e) => onChange(selected.id, { color: e.target.value })}
                data-testid="poster-color"
              />
            </label>
            <Checkbox checked={selected.bold} onChange={(e) => onChange(selected.id, { bold: e.target.checked })} data-testid="poster-bold">
              {T.posterBold}
            </Checkbox>
          </div>
          <div className={styles.propRow}>
            <Radio.Group
              size="small"
              optionType="button"
              value={selected.align}
              onChange={(e) => onChange(selected.id, { align: e.target.value as LayerAlign })}
              options={[
                { value: 'left', label: T.posterAlignLeft },
                { value: 'center', label: T.posterAlignCenter },
                { value: 'right', label: T.posterAlignRight },
              ]}
              aria-label={T.posterAlign}
              data-testid="poster-align"
            />
            <Button size="small" danger icon={<DeleteOutlined />} onClick={() => onRemove(selected.id)} data-testid="poster-remove-layer">
              {T.posterRemoveLayer}
            </Button>
          </div>
        </div>
      )}
      <div className={styles.hint}>{T.posterDragHint}</div>
    </div>
  );
}
