import { Alert, Button, Empty, Tag } from 'antd';
import { MSG, toolById } from '@wanxiang/contract';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useToolSettings } from '../../stores/tool-settings';
import { optionLabel, prefillFromQuery, prefillSearch } from '../../tools/form-values';
import { useToolSettingsRefresh } from '../../tools/useToolSpec';
import { InfoLayout } from '../info/InfoLayout';
import { GROUP_LABELS, SCENARIO_LABELS, T } from './texts';
import styles from './registry.module.css';

/** The value of an example's input as one line (long text cut). */
function short(value: string | number | boolean): string {
  const text = typeof value === 'boolean' ? (value ? '是' : '否') : String(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/**
 * /AIApplyDetail?id= : one app's description, its form's inputs, its examples and a start button.
 * The other query fields prefill the app's form (&docType=工作总结, as the sidebar's 工作总结 entry
 * links AI文档): the accepted ones are shown here as 已预选 and handed on to the tool's page.
 */
export default function AiApplyDetailPage({ title }: { title?: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tool = toolById(params.get('id') ?? '');
  // The console may have switched the app off: say so and keep the start button off, as its page does.
  useToolSettingsRefresh();
  const paused = useToolSettings((s) => (tool ? s.tools[tool.id]?.enabled === false : false));
  if (!tool || tool.kind === 'page') {
    return (
      <InfoLayout title={title ?? '应用详情'}>
        <Empty description="没有找到这个应用" data-testid="apply-missing">
          <Link to="/AIApply">浏览全部 AI 应用</Link>
        </Empty>
      </InfoLayout>
    );
  }
  const labelOf = (name: string) => tool.fields.find((f) => f.name === name)?.label ?? name;
  // `id` names the app here, not a field of its form.
  const given = new URLSearchParams(params);
  given.delete('id');
  const prefill = prefillFromQuery(tool.fields, given);
  const startPath = `${tool.paths[0]!}${prefillSearch(tool.fields, given)}`;
  return (
    <InfoLayout title={`${tool.icon} ${tool.title}`} lead={tool.description}>
      {paused && <Alert type="warning" showIcon message={MSG.toolDisabled} data-testid="tool-disabled" />}
      <section className={styles.panel} data-testid="apply-detail">
        <div className={styles.spread}>
          <div className={styles.row}>
            <Tag color="blue">{GROUP_LABELS[tool.group]}</Tag>
            {tool.scenarios?.map((s) => (
              <Tag key={s}>{SCENARIO_LABELS[s]}</Tag>
            ))}
            {tool.modelSwitch && <Tag color="purple">可切换模型</Tag>}
          </div>
          <Button type="primary" disabled={paused} onClick={() => navigate(startPath)} data-testid="apply-start">
            {T.open}
          </Button>
        </div>
        <h2 className={styles.panelTitle} style={{ marginTop: 20 }}>
          需要填写
        </h2>
        <ul className={styles.checkList}>
          {tool.fields.map((f) => (
            <li key={f.name} className={styles.checkItem}>
              <span>
                {f.label}
                {f.required && <span style={{ color: '#ef4444' }}> *</span>}
              </span>
              {prefill[f.name] !== undefined ? (
                <Tag color="green" data-testid="apply-prefill">
                  已预选：{short(f.type === 'switch' ? prefill[f.name]! : optionLabel(f, prefill[f.name]!))}
                </Tag>
              ) : (
                <span className={styles.muted}>{f.help ?? f.placeholder ?? (f.options ? f.options.map((o) => o.label).join(' / ') : '')}</span>
              )}
            </li>
          ))}
        </ul>
      </section>
      {tool.examples && tool.examples.length > 0 && (
        <section className={styles.panel} data-testid="apply-examples">
          <h2 className={styles.panelTitle}>示例</h2>
          {tool.examples.map((ex) => (
            <div key={ex.label} className={styles.checkItem} style={{ display: 'block' }}>
              <strong>{ex.label}</strong>
              {Object.entries(ex.inputs).map(([name, value]) => (
                <div key={name} className={styles.muted}>
                  {labelOf(name)}：{short(value)}
                </div>
              ))}
            </div>
          ))}
        </section>
      )}
    </InfoLayout>
  );
}
