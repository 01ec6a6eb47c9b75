import styles from './agents.module.css';

/** An agent's icon: an image URL or an emoji, with a fallback. */
export function AgentIcon({ icon, size = 40 }: { icon: string; size?: number }) {
  const isUrl = /^https?:\/\//.test(icon);
  return (
    <span className={styles.icon} style={{ width: size, height: size, fontSize: size * 0.55 }}>
      {isUrl ? <img src={icon} alt="" referrerPolicy="no-referrer" /> : icon || '🤖'}
    </span>
  );
}
