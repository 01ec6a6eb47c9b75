import styles from './illustrations.module.css';

/** "Being built" drawing of our own: a page card with skeleton lines, a turning gear, sparks. */
export function BuildingIllustration({ size = 240 }: { size?: number }) {
  return (
    <svg width={size} height={size * 0.8} viewBox="0 0 300 240" role="img" aria-label="功能建设中">
      <defs>
        <linearGradient id="wx-build-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#eef0ff" />
          <stop offset="1" stopColor="#f5ecff" />
        </linearGradient>
        <linearGradient id="wx-build-brand" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#5b5bf6" />
          <stop offset="1" stopColor="#a855f7" />
        </linearGradient>
      </defs>
      <ellipse cx="150" cy="128" rx="132" ry="98" fill="url(#wx-build-bg)" />
      <ellipse cx="150" cy="214" rx="92" ry="9" fill="#5b5bf6" opacity=".08" />
      {/* the page being built */}
      <g transform="translate(70 52)">
        <rect width="150" height="140" rx="14" fill="#fff" stroke="#e2e4f3" strokeWidth="2" />
        <rect width="150" height="30" rx="14" fill="url(#wx-build-brand)" />
        <rect y="16" width="150" height="14" fill="url(#wx-build-brand)" />
        <circle cx="16" cy="15" r="4" fill="#fff" opacity=".8" />
        <circle cx="30" cy="15" r="4" fill="#fff" opacity=".6" />
        <circle cx="44" cy="15" r="4" fill="#fff" opacity=".4" />
        <rect x="16" y="46" width="82" height="10" rx="5" fill="#dfe2f6" />
        <rect x="16" y="66" width="118" height="8" rx="4" fill="#eceefa" />
        <rect x="16" y="82" width="104" height="8" rx="4" fill="#eceefa" />
        <rect x="16" y="98" width="66" height="8" rx="4" fill="#eceefa" />
        <rect x="16" y="116" width="44" height="12" rx="6" fill="#5b5bf6" opacity=".85" />
      </g>
      {/* a turning gear */}
      <g className={styles.spin} style={{ transformOrigin: '222px 168px' }}>
        <circle cx="222" cy="168" r="22" fill="#ffb547" />
        {Array.from({ length: 8 }, (_, i) => (
          <rect key={i} x="217" y="138" width="10" height="12" rx="2" fill="#ffb547" transform={`rotate(${i * 45} 222 168)`} />
        ))}
        <circle cx="222" cy="168" r="9" fill="#fff" />
      </g>
      {/* sparks */}
      <path d="M58 58l4 10 10 4-10 4-4 10-4-10-10-4 10-4z" fill="#a855f7" className={styles.twinkle} />
      <path d="M246 70l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" fill="#5b5bf6" className={styles.twinkleLate} />
      <circle cx="44" cy="150" r="4" fill="#5b5bf6" opacity=".35" />
      <circle cx="262" cy="120" r="3" fill="#a855f7" opacity=".45" />
    </svg>
  );
}
