import { useEffect, useMemo, useState } from 'react';
import { Empty, Select, Spin, Tag } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { MSG, type PptTemplate } from '@wanxiang/contract';
import { getPptTemplates } from '../../api/slides';
import styles from './slides.module.css';

/** The template picker (2.8): preview images of our templates, filtered by style and colour. */
export function TemplatePicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const [all, setAll] = useState<PptTemplate[] | null>(null);
  const [style, setStyle] = useState('');
  const [color, setColor] = useState('');

  useEffect(() => {
    let live = true;
    getPptTemplates()
      .then((list) => live && setAll(list))
      .catch(() => live && setAll([]));
    return () => {
      live = false;
    };
  }, []);

  const styles_ = useMemo(() => [...new Set((all ?? []).map((t) => t.style))], [all]);
  const colors = useMemo(() => [...new Set((all ?? []).map((t) => t.color))], [all]);
  const shown = (all ?? []).filter((t) => (!style || t.style === style) && (!color || t.color === color));

  if (all === null) return <Spin />;
  return (
    <div className={styles.wizard}>
      <div className={styles.filters}>
        <Select
          value={style}
          onChange={setStyle}
          style={{ minWidth: 120 }}
          options={[{ value: '', label: MSG.slidesAllStyles }, ...styles_.map((s) => ({ value: s, label: s }))]}
          aria-label={MSG.slidesAllStyles}
        />
        <Select
          value={color}
          onChange={setColor}
          style={{ minWidth: 120 }}
          options={[{ value: '', label: MSG.slidesAllColors }, ...colors.map((c) => ({ value: c, label: c }))]}
          aria-label={MSG.slidesAllColors}
        />
      </div>
      {shown.length === 0 ? (
        <Empty />
      ) : (
        <div className={styles.templates} role="listbox" aria-label={MSG.slidesStepTemplate}>
          {shown.map((t) => (
            <button
              key={t.id}
              type="button"
              role="option"
              aria-selected={value === t.id}
              data-testid={`ppt-template-${t.id}`}
              className={`${styles.template} ${value === t.id ? styles.selected : ''}`}
              onClick={() => onChange(t.id)}
            >
              <img src={t.preview} alt={t.name} loading="lazy" />
              <span className={styles.templateMeta}>
                <span>
                  {value === t.id && <CheckCircleFilled style={{ color: `#${t.palette.accent}`, marginRight: 4 }} />}
                  {t.name}
                </span>
                <Tag color={`#${t.palette.primary}`} style={{ marginInlineEnd: 0 }}>
                  {t.style}
                </Tag>
              </span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
