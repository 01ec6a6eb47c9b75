import { Button } from 'antd';
import { Link } from 'react-router';
import { InfoLayout } from '../info/InfoLayout';
import { DESIGN_HUB_PATH } from './design-hub';
import { DESIGN_LESSONS } from './design-lessons';
import styles from './registry.module.css';
import own from './classroom.module.css';

const LEAD = '五节小课，几分钟读完：怎么写画面描述，各平台用多大的图，图标、Logo、红包封面和签名各有什么讲究。';

/** /aiDesign/classRoom (设计课堂): our short lessons on the design tools, each with links to the tools. */
export default function DesignClassRoomPage({ title }: { title?: string }) {
  return (
    <InfoLayout title={title ?? '设计课堂'} lead={LEAD}>
      <nav className={own.toc} aria-label="课程目录">
        {DESIGN_LESSONS.map((l) => (
          <a key={l.id} className={own.tocLink} href={`#lesson-${l.id}`}>
            {l.title.replace(/^第 \d+ 课：/, '')}
          </a>
        ))}
      </nav>
      {DESIGN_LESSONS.map((lesson) => (
        <section key={lesson.id} id={`lesson-${lesson.id}`} className={styles.panel} data-testid="design-lesson">
          <h2 className={styles.panelTitle}>{lesson.title}</h2>
          <p className={own.summary}>{lesson.summary}</p>
          {lesson.table && (
            <div className={own.tableWrap}>
              <table className={own.table}>
                <thead>
                  <tr>
                    {lesson.table[0]!.map((h) => (
                      <th key={h}>{h}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {lesson.table.slice(1).map((row) => (
                    <tr key={row.join('|')}>
                      {row.map((cell, i) => (
                        <td key={i}>{cell}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <ul className={own.tips}>
            {lesson.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
          <div className={own.links}>
            {lesson.links.map((link) => (
              <Link key={link.path} to={link.path}>
                <Button size="small">{link.label}</Button>
              </Link>
            ))}
          </div>
        </section>
      ))}
      <p className={styles.muted}>
        <Link to={DESIGN_HUB_PATH}>← 返回 AI设计</Link>
      </p>
    </InfoLayout>
  );
}
