import { useEffect, useState } from 'react';
import { Button, Modal, Spin, Table } from 'antd';
import { useNavigate } from 'react-router';
import type { RecommendVip, RecommendVipRow } from '@wanxiang/contract';
import { fetchRecommendVip } from '../../api/activity';
import { RequestError } from '../../api/request';
import { useDialogs } from '../../stores/dialogs';
import { useUserStore } from '../../stores/user';
import { priceText, readVipModalTime } from './promo-rules';
import styles from './vip-promos.module.css';

type Load = { state: 'loading' } | { state: 'error'; msg: string } | { state: 'ready'; data: RecommendVip };

/**
 * Recommended-VIP comparison table (docs/product/promos.md §2): opened through useDialogs ('recommendVip'), 2 s
 * after its trigger (the VIP countdown promo's close). A fetch exception shows the error as text
 * (docs/product/promos.md §8). Confirm goes to /console/vip.
 */
export function RecommendVipDialog() {
  const open = useDialogs((s) => s.recommendVip);
  const close = () => useDialogs.getState().close('recommendVip');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoad({ state: 'loading' });
    const user = useUserStore.getState().user;
    fetchRecommendVip({ time: readVipModalTime(), appid: user?.appid ?? '', uid: user?.uid ?? '', vt: 1 }, { silent: true })
      .then((data) => {
        if (!live) return;
        if (data.end) useDialogs.getState().close('recommendVip');
        else setLoad({ state: 'ready', data });
      })
      .catch((err: unknown) => live && setLoad({ state: 'error', msg: err instanceof RequestError ? err.msg : String(err) }));
    return () => {
      live = false;
    };
  }, [open]);

  const confirm = () => {
    close();
    void navigate('/console/vip');
  };
  const data = load.state === 'ready' ? load.data : null;
  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      centered
      width={900}
      destroyOnHidden
      title={data ? `推荐开通：${data.shop_name}` : '推荐会员'}
    >
      <div data-testid="recommend-vip">
        {load.state === 'loading' && <Spin style={{ display: 'block', margin: '32px auto' }} />}
        {load.state === 'error' && (
          <p className={styles.error} data-testid="recommend-vip-error">
            {load.msg}
          </p>
        )}
        {data && (
          <>
            <div className={styles.price}>
              <span className={styles.priceNow}>¥{priceText(data.shop_price)}</span>
              <span className={styles.priceOld}>¥{priceText(data.shop_price_2)}</span>
            </div>
            <Table<RecommendVipRow>
              rowKey="name"
              size="small"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={data.tables}
              columns={[
                { title: '会员', dataIndex: 'name', fixed: 'left' },
                { title: '模型', dataIndex: 'model' },
                { title: '工具', dataIndex: 'tools' },
                { title: '音频', dataIndex: 'audio' },
                { title: '文档', dataIndex: 'docx' },
                { title: '绘画', dataIndex: 'media' },
                { title: '写作', dataIndex: 'writing' },
                { title: '时长', dataIndex: 'duration' },
                { title: '价格', dataIndex: 'price', render: (p: number, r) => `¥${priceText(p)}/${r.unit}` },
              ]}
            />
            <p className={styles.tips}>{data.tips}</p>
            <Button
              type="primary"
              danger
              block
              size="large"
              style={{ marginTop: 12 }}
              onClick={confirm}
              data-testid="recommend-vip-confirm"
            >
              立即开通
            </Button>
          </>
        )}
      </div>
    </Modal>
  );
}
