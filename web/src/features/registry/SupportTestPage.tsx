import { useCallback, useEffect, useState } from 'react';
import { Button, Spin, Tag } from 'antd';
import { useLocation } from 'react-router';
import { feedback } from '../../components/feedback/holder';
import { selectUser, useUserStore } from '../../stores/user';
import { copyText } from '../invite/copy-text';
import { InfoLayout } from '../info/InfoLayout';
import { accountChecks, browserChecks, formatReport, networkChecks, SECTION_LABELS, type CheckResult } from './support-checks';
import styles from './registry.module.css';

const LEAD = '遇到打不开、回答不显示等问题时，运行一次检测，把报告复制给客服。';
const LEVEL_TAGS = { ok: ['green', '正常'], warn: ['orange', '注意'], fail: ['red', '异常'] } as const;

/** /test: the support page checking the browser, the network to our API and the account, with a copyable report. */
export default function SupportTestPage({ title }: { title?: string }) {
  const user = useUserStore(selectUser);
  const { pathname } = useLocation();
  const [results, setResults] = useState<CheckResult[] | null>(null);
  const [report, setReport] = useState('');

  const run = useCallback(async () => {
    setResults(null);
    const all = [...(await browserChecks()), ...(await networkChecks()), ...accountChecks(user)];
    setResults(all);
    setReport(formatReport(all, new Date(), pathname));
  }, [user, pathname]);

  useEffect(() => {
    void run();
  }, [run]);

  const copy = async () => {
    if (await copyText(report)) feedback().success('报告已复制');
    else feedback().error('无法复制，请手动选择报告文字');
  };

  return (
    <InfoLayout title={title ?? '测试'} lead={LEAD}>
      {!results ? (
        <section className={styles.panel} style={{ textAlign: 'center' }}>
          <Spin tip="正在检测…">
            <div style={{ height: 60 }} />
          </Spin>
        </section>
      ) : (
        <>
          {(['browser', 'network', 'account'] as const).map((section) => (
            <section key={section} className={styles.panel} data-testid={`check-${section}`}>
              <h2 className={styles.panelTitle}>{SECTION_LABELS[section]}</h2>
              <ul className={styles.checkList}>
                {results
                  .filter((r) => r.section === section)
                  .map((r) => (
                    <li key={r.name} className={styles.checkItem} data-testid="check-row" data-level={r.level}>
                      <span>{r.name}</span>
                      <span className={styles.row} style={{ justifyContent: 'flex-end', minWidth: 0 }}>
                        <span className={styles.muted} style={{ wordBreak: 'break-all', textAlign: 'right' }}>
                          {r.detail}
                        </span>
                        <Tag color={LEVEL_TAGS[r.level][0]}>{LEVEL_TAGS[r.level][1]}</Tag>
                      </span>
                    </li>
                  ))}
              </ul>
            </section>
          ))}
          <section className={styles.panel}>
            <div className={styles.spread}>
              <h2 className={styles.panelTitle}>检测报告</h2>
              <div className={styles.row}>
                <Button onClick={() => void run()}>重新检测</Button>
                <Button type="primary" onClick={() => void copy()} data-testid="copy-report">
                  复制报告
                </Button>
              </div>
            </div>
            <pre className={styles.report} data-testid="support-report">
              {report}
            </pre>
          </section>
        </>
      )}
    </InfoLayout>
  );
}
