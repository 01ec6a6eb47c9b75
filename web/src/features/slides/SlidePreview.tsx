import type { CSSProperties } from 'react';
import type { PptPreview, PptSlide, PptTemplate } from '@wanxiang/contract';
import styles from './slides.module.css';

/**
 * Thumbnails of a built deck, drawn from its slides in the template's colours and fonts (the
 * preview JSON of /api/v1/ppt/preview): what the .pptx holds, without converting it.
 */
export function SlidePreview({ preview }: { preview: PptPreview }) {
  return (
    <div className={styles.thumbs} data-testid="ppt-preview">
      {preview.slides.map((s, i) => (
        <Thumb key={i} slide={s} page={i + 1} t={preview.template} />
      ))}
    </div>
  );
}

const two = (n: number) => String(n).padStart(2, '0');

function Thumb({ slide: s, page, t }: { slide: PptSlide; page: number; t: PptTemplate }) {
  const p = t.palette;
  const dark = s.kind === 'title' || s.kind === 'section' || s.kind === 'closing';
  const box: CSSProperties = {
    background: `#${dark ? p.primary : p.background}`,
    color: `#${dark ? p.onPrimary : p.text}`,
    fontFamily: `"${t.fonts.body}", "PingFang SC", "Noto Sans CJK SC", sans-serif`,
  };
  const heading: CSSProperties = { color: `#${dark ? p.onPrimary : p.heading}`, fontFamily: `"${t.fonts.heading}", "PingFang SC", sans-serif` };
  const bar: CSSProperties = { background: `#${p.accent}` };
  return (
    <div className={styles.thumb} style={box} aria-label={s.title} data-kind={s.kind}>
      {!dark && <span className={styles.thumbEdge} style={{ background: `#${p.primary}` }} />}
      {s.kind === 'title' && (
        <>
          <div className={`${styles.thumbTitle} ${styles.thumbBig}`} style={heading}>
            {s.title}
          </div>
          <div className={styles.thumbBar} style={bar} />
          {s.subtitle && <div className={styles.thumbSub}>{s.subtitle}</div>}
        </>
      )}
      {s.kind === 'section' && (
        <>
          <div className={styles.thumbNum} style={{ color: `#${p.accent}`, marginTop: '8%' }}>
            {two(s.chapter ?? 1)}
          </div>
          {s.subtitle && <div className={styles.thumbSub}>{s.subtitle}</div>}
          <div className={styles.thumbTitle} style={heading}>
            {s.title}
          </div>
        </>
      )}
      {s.kind === 'closing' && (
        <>
          <div className={`${styles.thumbTitle} ${styles.thumbBig} ${styles.thumbCenter}`} style={heading}>
            {s.title}
          </div>
          {s.subtitle && <div className={`${styles.thumbSub} ${styles.thumbCenter}`} style={{ marginTop: 0 }}>{s.subtitle}</div>}
        </>
      )}
      {(s.kind === 'content' || s.kind === 'agenda') && (
        <>
          <div className={styles.thumbTitle} style={heading}>
            {s.title}
          </div>
          <div className={styles.thumbBar} style={bar} />
          <ul className={styles.thumbList}>
            {s.bullets.map((b, i) => (
              <li key={i}>{s.kind === 'agenda' ? `${two(i + 1)}  ${b}` : b}</li>
            ))}
          </ul>
          <span className={styles.thumbPage}>{two(page)}</span>
        </>
      )}
    </div>
  );
}
