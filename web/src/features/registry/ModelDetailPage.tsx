import { useEffect, useMemo, useState } from 'react';
import { Button, Descriptions, Empty, Tag } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { UsageItem } from '@wanxiang/contract';
import { numberAll } from '../../api/quota';
import { selectIsLoggedIn, useUserStore } from '../../stores/user';
import { formatCount } from '../usage/format';
import { InfoLayout } from '../info/InfoLayout';
import { CatalogState } from './CatalogState';
import { chatLink, flattenModels, usageOf } from './models';
import { T } from './texts';
import { useCatalog } from './useCatalog';
import styles from './registry.module.css';

const VENDORS: Record<string, string> = {
  deepseek: '深度求索 DeepSeek',
  zhipu: '智谱 AI',
  openai: 'OpenAI',
  qianfan: '百度千帆',
  dashscope: '阿里云百炼',
  moonshot: '月之暗面 Kimi',
  ark: '火山方舟',
  compatible: '兼容接口',
  ollama: 'Ollama 本地模型',
  customer: '我的模型',
};

/** Today's count of the model's quota key for the signed-in user (null while unknown or signed out). */
function useTodayCount(quotaKey: string | undefined): UsageItem | null | 'none' {
  const loggedIn = useUserStore(selectIsLoggedIn);
  const [items, setItems] = useState<UsageItem[] | null>(null);
  useEffect(() => {
    if (!loggedIn) return;
    const ctrl = new AbortController();
    numberAll({ silent: true, signal: ctrl.signal })
      .then(setItems)
      .catch(() => undefined);
    return () => ctrl.abort();
  }, [loggedIn]);
  if (!items || !quotaKey) return null;
  return usageOf(items, quotaKey) ?? 'none';
}

/** /modelDetail?key= : one model's card from the catalog, with today's count and a start-chat button. */
export default function ModelDetailPage({ title }: { title?: string }) {
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const navigate = useNavigate();
  const loggedIn = useUserStore(selectIsLoggedIn);
  const { status, list, retry } = useCatalog();
  const model = useMemo(() => flattenModels(list).find((m) => m.key === key), [list, key]);
  const today = useTodayCount(model?.checkKey);

  if (status !== 'ready') {
    return (
      <InfoLayout title={title ?? '模型详情'}>
        <CatalogState status={status} retry={retry} />
      </InfoLayout>
    );
  }
  if (!model) {
    return (
      <InfoLayout title={title ?? '模型详情'}>
        <Empty description="没有找到这个模型" data-testid="model-missing">
          <Link to="/deepseek">看看 DeepSeek 全家桶</Link>
        </Empty>
      </InfoLayout>
    );
  }

  const todayText =
    !loggedIn ? <Link to="/login">{T.needLogin}</Link> : today === null ? '…' : today === 'none' ? '不计次' : `${formatCount(today.balance, today.number_unit)} / ${formatCount(today.max, today.number_unit)}`;

  return (
    <InfoLayout title={model.label} lead={model.description || model.desc}>
      <section className={styles.panel} data-testid="model-detail">
        <div className={styles.spread}>
          <div className={styles.modelHead}>
            {model.icon && <img className={styles.modelIcon} src={model.icon} alt="" />}
            <div className={styles.row}>
              {model.reasoning && !model.tags.includes('深度思考') && <Tag color="purple">深度思考</Tag>}
              {model.isFree && !model.tags.includes('免费') && <Tag color="green">免费</Tag>}
              {model.vipTag && <Tag color="gold">{model.vipTag}</Tag>}
              {model.tags.map((t) => (
                <Tag key={t}>{t}</Tag>
              ))}
            </div>
          </div>
          <Button type="primary" disabled={!model.online} onClick={() => navigate(chatLink(model.key))} data-testid="model-start-chat">
            {model.online ? T.startChat : '尚未上线'}
          </Button>
        </div>
        <Descriptions column={1} size="small" style={{ marginTop: 16 }}>
          <Descriptions.Item label="提供方">{VENDORS[model.vendor] ?? model.vendor}</Descriptions.Item>
          <Descriptions.Item label="擅长">{model.desc}</Descriptions.Item>
          <Descriptions.Item label="计次项">{model.checkKey}</Descriptions.Item>
          <Descriptions.Item label="今日次数">
            <span data-testid="model-today">{todayText}</span>
          </Descriptions.Item>
          {model.allow_points && <Descriptions.Item label="积分抵扣">{`每次 ${model.consume_points} 积分`}</Descriptions.Item>}
          {model.only_points && <Descriptions.Item label="计费方式">仅积分</Descriptions.Item>}
          {model.uploadLimit > 0 && <Descriptions.Item label="上传">{`每次最多 ${model.uploadLimit} 个文件`}</Descriptions.Item>}
        </Descriptions>
      </section>
    </InfoLayout>
  );
}
