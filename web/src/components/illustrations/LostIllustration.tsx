import styles from './illustrations.module.css';

/** 404 drawing of our own: a small planet with a ring, drifting off course among stars. */
export function LostIllustration({ size = 240 }: { size?: number }) {
  return (
    <svg width={size} height={size * 0.8} viewBox="0 0 300 240" role="img" aria-label="页面走丢了">
      <defs>
        <linearGradient id="wx-lost-planet" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c7cff" />
          <stop offset="1" stopColor="#b06bf7" />
        </linearGradient>
      </defs>
      <ellipse cx="150" cy="124" rx="130" ry="100" fill="#f1f0ff" />
      <g className={styles.float}>
        <circle cx="150" cy="116" r="52" fill="url(#wx-lost-planet)" />
        <circle cx="132" cy="98" r="9" fill="#fff" opacity=".22" />
        <circle cx="168" cy="134" r="6" fill="#fff" opacity=".18" />
        <ellipse cx="150" cy="118" rx="86" ry="18" fill="none" stroke="#ffb547" strokeWidth="6" transform="rotate(-14 150 118)" />
        <path d="M98 112a52 52 0 0 0 104 12" fill="none" stroke="url(#wx-lost-planet)" strokeWidth="8" />
      </g>
      <path d="M62 60l3 8 8 3-8 3-3 8-3-8-8-3 8-3z" fill="#a855f7" className={styles.twinkle} />
      <path d="M238 184l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" fill="#5b5bf6" className={styles.twinkleLate} />
      <circle cx="242" cy="56" r="4" fill="#5b5bf6" opacity=".4" />
      <circle cx="56" cy="176" r="3" fill="#a855f7" opacity=".5" />
      <ellipse cx="150" cy="214" rx="70" ry="7" fill="#5b5bf6" opacity=".08" />
    </svg>
  );
}
