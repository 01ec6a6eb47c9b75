import { useCallback, useEffect, useState } from 'react';
import { App, Button, Col, Empty, Input, Modal, Pagination, Row, Segmented, Space, Spin, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { MSG, type SharedModelCard, type SharedModelPage } from '@wanxiang/contract';
import { addSharedModel, deleteSharedModel, getSharedModels, likeSharedModel, myModelLink, reportSharedModel } from '../../api/shared-models';
import { RequestError } from '../../api/request';
import { useIsMobile } from '../../hooks/useIsMobile';
import { SharedModelCardView } from './SharedModelCardView';
import { SharedModelComments } from './SharedModelComments';
import { SharedModelFormModal } from './SharedModelFormModal';

type Tab = 'new' | 'hot' | 'mine';

/**
 * /moxing/share and /moxing/trade: the shared custom model cards (7.4 chat2 family): search,
 * paging, like, comments, report, 添加到我的模型 (→ /moxing/myModel prefilled), publish and
 * manage one's own cards.
 */
export default function SharedModelsPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const [tab, setTab] = useState<Tab>('new');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<SharedModelPage | null>(null);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<SharedModelCard | null | undefined>(undefined);
  const [commenting, setCommenting] = useState<SharedModelCard | null>(null);
  const [reporting, setReporting] = useState<SharedModelCard | null>(null);
  const [reason, setReason] = useState('');

  const fail = (err: unknown, fallback: string = MSG.requestFailed) => void message.error(err instanceof RequestError && err.msg ? err.msg : fallback);

  const load = useCallback(() => {
    setLoading(true);
    getSharedModels({ page, keyword, sort: tab === 'hot' ? 'hot' : 'new', url: tab === 'mine' ? 'mine' : undefined })
      .then(setData)
      .catch((err: unknown) => {
        setData({ list: [], total: 0, page, size: 12 });
        fail(err);
      })
      .finally(() => setLoading(false));
    // fail only shows a message.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, keyword, tab]);
  useEffect(load, [load]);

  const patch = (id: number, p: Partial<SharedModelCard>) =>
    setData((d) => (d ? { ...d, list: d.list.map((c) => (c.id === id ? { ...c, ...p } : c)) } : d));

  const like = async (c: SharedModelCard) => {
    try {
      patch(c.id, await likeSharedModel(c.id));
    } catch (err) {
      fail(err);
    }
  };
  const add = async (c: SharedModelCard) => {
    try {
      navigate(myModelLink(await addSharedModel(c.id)));
    } catch (err) {
      fail(err);
    }
  };
  const remove = async (c: SharedModelCard) => {
    try {
      await deleteSharedModel(c.id);
      void message.success(MSG.sharedModelDeleted);
      load();
    } catch (err) {
      fail(err, MSG.sharedModelDeleteFailed);
    }
  };
  const report = async () => {
    if (!reporting) return;
    if (!reason.trim()) return void message.warning(MSG.sharedModelReportReasonRequired);
    try {
      await reportSharedModel(reporting.id, reason);
      void message.success(MSG.sharedModelReported);
      setReporting(null);
      setReason('');
    } catch (err) {
      fail(err);
    }
  };

  return (
    <div style={{ padding: mobile ? 12 : 24 }} data-testid="shared-models-page">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {MSG.sharedModelsTitle}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} data-testid="shared-model-publish" onClick={() => setEditing(null)}>
          {MSG.sharedModelsPublish}
        </Button>
      </Space>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={MSG.sharedModelsSearch}
          style={{ width: mobile ? 'calc(100vw - 24px)' : 320 }}
          data-testid="shared-models-search"
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
        <Segmented<Tab>
          value={tab}
          onChange={(v) => {
            setTab(v);
            setPage(1);
          }}
          options={[
            { value: 'new', label: MSG.sharedModelsSortNew },
            { value: 'hot', label: MSG.sharedModelsSortHot },
            { value: 'mine', label: MSG.sharedModelsMine },
          ]}
        />
      </Space>
      <Spin spinning={loading}>
        {data && data.list.length === 0 ? (
          <Empty description={MSG.sharedModelsEmpty} />
        ) : (
          <Row gutter={[16, 16]}>
            {(data?.list ?? []).map((c) => (
              <Col key={c.id} xs={24} sm={12} lg={8} xl={6}>
                <SharedModelCardView
                  card={c}
                  actions={{
                    onLike: () => void like(c),
                    onComments: () => setCommenting(c),
                    onReport: () => setReporting(c),
                    onAdd: () => void add(c),
                    onEdit: () => setEditing(c),
                    onDelete: () => void remove(c),
                  }}
                />
              </Col>
            ))}
          </Row>
        )}
      </Spin>
      {data && data.total > data.size && (
        <Pagination style={{ marginTop: 16, textAlign: 'center' }} current={page} pageSize={data.size} total={data.total} onChange={setPage} showSizeChanger={false} />
      )}
      {editing !== undefined && (
        <SharedModelFormModal
          card={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            load();
          }}
        />
      )}
      {commenting && (
        <SharedModelComments
          card={commenting}
          mobile={mobile}
          onClose={() => setCommenting(null)}
          onCommented={() => patch(commenting.id, { comments: commenting.comments + 1 })}
        />
      )}
      <Modal open={reporting !== null} width={600} title={MSG.sharedModelReport} onCancel={() => setReporting(null)} onOk={() => void report()} destroyOnHidden>
        <Input.TextArea rows={4} maxLength={500} showCount value={reason} placeholder={MSG.sharedModelReportReason} data-testid="shared-model-report-reason" onChange={(e) => setReason(e.target.value)} />
      </Modal>
    </div>
  );
}
