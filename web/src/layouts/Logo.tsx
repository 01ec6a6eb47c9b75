import { useId } from 'react';
import { Link } from 'react-router';
import styles from './shell.module.css';

/** The brand mark (same drawing as public/favicon.svg): a spark inside an orbit. */
export function LogoMark({ size = 32 }: { size?: number }) {
  // Unique gradient id: several marks may be on one page.
  const gradient = `wx-logo-${useId().replace(/:/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#5b5bf6" />
          <stop offset="1" stopColor="#a855f7" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradient})`} />
      <circle cx="32" cy="32" r="19" fill="none" stroke="#fff" strokeOpacity=".35" strokeWidth="2.5" />
      <path
        d="M32 13c1.6 9.6 5.4 13.4 15 15-9.6 1.6-13.4 5.4-15 15-1.6-9.6-5.4-13.4-15-15 9.6-1.6 13.4-5.4 15-15z"
        fill="#fff"
        transform="translate(0 4)"
      />
      <circle cx="48" cy="17" r="3.2" fill="#fff" />
      <circle cx="16" cy="48" r="2.4" fill="#fff" fillOpacity=".8" />
    </svg>
  );
}

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" className={styles.logo} aria-label="万象 AI 首页">
      <LogoMark size={compact ? 28 : 32} />
      <span className={styles.logoText}>万象 AI</span>
    </Link>
  );
}
