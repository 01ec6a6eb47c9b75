import type { ToolSpec } from '@wanxiang/contract';
import styles from './tools.module.css';

/** The tool's icon, title and one-line description at the top of its page. */
export function ToolHeader({ tool }: { tool: ToolSpec }) {
  return (
    <header className={styles.header}>
      <span className={styles.icon} aria-hidden>
        {tool.icon}
      </span>
      <div>
        <h1 className={styles.title}>{tool.title}</h1>
        <p className={styles.description}>{tool.description}</p>
      </div>
    </header>
  );
}
