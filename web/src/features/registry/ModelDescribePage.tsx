import { useEffect, useState } from 'react';
import { Button, Steps } from 'antd';
import type { ModelSlotsRes } from '@wanxiang/contract';
import { useNavigate } from 'react-router';
import { getModelMax } from '../../api/providers';
import { SlotMeter } from '../providers/SlotMeter';
import { InfoLayout } from '../info/InfoLayout';
import styles from './registry.module.css';

const LEAD = '接入你自己的大模型服务：填上服务商的接口地址和密钥，就能在万象 AI 里直接和它对话。';

const STEPS = [
  { title: '添加服务商', description: '在「我的模型」里填写服务商名称、接口地址（OpenAI 兼容）和密钥。' },
  { title: '添加模型', description: '为服务商添加模型：模型 ID、显示名称和它支持的功能（对话、看图、工具调用）。' },
  { title: '开始对话', description: '在对话页的模型菜单里选择「自定义」分组，像其他模型一样提问。' },
];

const FACTS = [
  ['密钥安全', '密钥加密保存在服务器上，页面上只显示末尾几位，不会再发回浏览器。'],
  ['计费方式', '使用自己的密钥对话不消耗每日次数；服务商那边的费用由你自己的账户承担。'],
  ['地址校验', '接口地址保存和调用时都会检查，内网地址和跳转到其他站点的请求会被拒绝。'],
  ['模型名额', '可添加的模型数量与会员等级有关，名额用完后可升级会员获得更多。'],
  ['分享模型', '可以把模型的介绍分享到模型广场（不含密钥），其他用户点赞、评论或添加。'],
] as const;

/** /console/model/describe (模型说明): how custom models work, with the signed-in user's slot meter. */
export default function ModelDescribePage({ title }: { title?: string }) {
  const navigate = useNavigate();
  const [slots, setSlots] = useState<ModelSlotsRes | null>(null);
  useEffect(() => {
    getModelMax()
      .then(setSlots)
      .catch(() => undefined);
  }, []);
  return (
    <InfoLayout title={title ?? '模型说明'} lead={LEAD}>
      <section className={styles.panel} data-testid="describe-slots">
        <div className={styles.spread}>
          <h2 className={styles.panelTitle} style={{ margin: 0 }}>
            我的模型名额
          </h2>
          <div className={styles.row}>
            <SlotMeter slots={slots} />
            <Button onClick={() => navigate('/console/vip')}>升级会员</Button>
            <Button type="primary" onClick={() => navigate('/moxing/myModel')}>
              管理我的模型
            </Button>
          </div>
        </div>
      </section>
      <section className={styles.panel}>
        <h2 className={styles.panelTitle}>三步接入</h2>
        <Steps direction="vertical" size="small" current={-1} items={STEPS} />
      </section>
      <section className={styles.panel}>
        <h2 className={styles.panelTitle}>你需要知道</h2>
        <ul className={styles.checkList}>
          {FACTS.map(([name, text]) => (
            <li key={name} className={styles.checkItem} style={{ display: 'block' }}>
              <strong>{name}</strong>
              <div className={styles.muted}>{text}</div>
            </li>
          ))}
        </ul>
      </section>
    </InfoLayout>
  );
}
