import { AIGC_BAND_LABELS, type AigcBand } from '@wanxiang/contract';
import styles from './aigc.module.css';

/** The page's colours per band (the report file uses the same fills: server/src/modules/aigc/report-docx.ts). */
export const BAND_COLOR: Record<AigcBand, string> = { high: '#cf1322', medium: '#d48806', low: '#389e0d' };
export const BAND_FILL: Record<AigcBand, string> = { high: '#fad4d4', medium: '#fcebc2', low: '#d7f0dd' };
export const bandClass = (band: AigcBand | null) => (band ? styles[band] : styles.none);
export const bandLabel = (band: AigcBand) => AIGC_BAND_LABELS[band];
export const pct = (p: number) => `${Math.round(p * 100)}%`;
