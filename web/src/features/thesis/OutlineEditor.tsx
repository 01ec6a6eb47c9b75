import { Button, Input, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { THESIS_CHAPTERS_MAX, THESIS_MSG as T, THESIS_SECTIONS_MAX, THESIS_TITLE_MAX, type ThesisOutline } from '@wanxiang/contract';
import type { OutlineEdit } from './outline-edit';
import styles from './thesis.module.css';

interface Props {
  outline: ThesisOutline;
  onEdit: (edit: OutlineEdit) => void;
  /** While the outline streams in: shown, not editable. */
  readOnly: boolean;
}

function Icon({ title, icon, onClick, disabled, danger }: { title: string; icon: React.ReactNode; onClick: () => void; disabled?: boolean; danger?: boolean }) {
  return (
    <Tooltip title={title}>
      <Button size="small" type="text" aria-label={title} icon={icon} onClick={onClick} disabled={disabled} danger={danger} />
    </Tooltip>
  );
}

/**
 * The outline as an editable list: the title, each chapter (rename, move up/down, delete, add a
 * section) and its sections (rename, move, delete). Every change is an OutlineEdit applied by the
 * page (outline-edit.ts).
 */
export function OutlineEditor({ outline, onEdit, readOnly }: Props) {
  const n = outline.chapters.length;
  return (
    <div className={styles.outline} data-testid="thesis-outline">
      <Input
        className={styles.outlineTitle}
        value={outline.title}
        maxLength={THESIS_TITLE_MAX}
        disabled={readOnly}
        aria-label={T.formTitle}
        onChange={(e) => onEdit({ kind: 'title', text: e.target.value })}
      />
      {outline.chapters.map((c, i) => (
        <div className={styles.chapter} key={i} data-testid="thesis-chapter">
          <div className={styles.row}>
            <Input
              value={c.title}
              placeholder={T.chapterPlaceholder}
              maxLength={THESIS_TITLE_MAX}
              disabled={readOnly}
              aria-label={`${T.chapterPlaceholder} ${i + 1}`}
              onChange={(e) => onEdit({ kind: 'renameChapter', chapter: i, text: e.target.value })}
            />
            {!readOnly && (
              <span className={styles.rowActions}>
                <Icon title={T.moveUp} icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => onEdit({ kind: 'moveChapter', chapter: i, by: -1 })} />
                <Icon title={T.moveDown} icon={<ArrowDownOutlined />} disabled={i === n - 1} onClick={() => onEdit({ kind: 'moveChapter', chapter: i, by: 1 })} />
                <Icon title={T.remove} icon={<DeleteOutlined />} danger onClick={() => onEdit({ kind: 'removeChapter', chapter: i })} />
              </span>
            )}
          </div>
          {c.sections.map((s, j) => (
            <div className={`${styles.row} ${styles.section}`} key={j} data-testid="thesis-section">
              <Input
                size="small"
                value={s}
                placeholder={T.sectionPlaceholder}
                maxLength={THESIS_TITLE_MAX}
                disabled={readOnly}
                aria-label={`${T.sectionPlaceholder} ${i + 1}.${j + 1}`}
                onChange={(e) => onEdit({ kind: 'renameSection', chapter: i, section: j, text: e.target.value })}
              />
              {!readOnly && (
                <span className={styles.rowActions}>
                  <Icon title={T.moveUp} icon={<ArrowUpOutlined />} disabled={j === 0} onClick={() => onEdit({ kind: 'moveSection', chapter: i, section: j, by: -1 })} />
                  <Icon
                    title={T.moveDown}
                    icon={<ArrowDownOutlined />}
                    disabled={j === c.sections.length - 1}
                    onClick={() => onEdit({ kind: 'moveSection', chapter: i, section: j, by: 1 })}
                  />
                  <Icon title={T.remove} icon={<DeleteOutlined />} danger onClick={() => onEdit({ kind: 'removeSection', chapter: i, section: j })} />
                </span>
              )}
            </div>
          ))}
          {!readOnly && c.sections.length < THESIS_SECTIONS_MAX && (
            <Button size="small" type="link" icon={<PlusOutlined />} className={styles.addSection} onClick={() => onEdit({ kind: 'addSection', chapter: i })}>
              {T.addSection}
            </Button>
          )}
        </div>
      ))}
      {!readOnly && n < THESIS_CHAPTERS_MAX && (
        <Button block type="dashed" icon={<PlusOutlined />} onClick={() => onEdit({ kind: 'addChapter' })}>
          {T.addChapter}
        </Button>
      )}
    </div>
  );
}
