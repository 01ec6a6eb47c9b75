import { useEffect, useState } from 'react';
import { Alert, App, Button, Empty, List, Popconfirm, Space, Spin, Tag } from 'antd';
import { MSG, type ProviderDetailRes, type ServiceModelView } from '@wanxiang/contract';
import { deleteServiceModel, getServiceDetail } from '../../api/providers';
import { McpServersModal } from '../mcp/McpServersModal';
import { ModelFormModal } from './ModelFormModal';
import { ProviderFormModal } from './ProviderFormModal';
import { SlotMeter } from './SlotMeter';
import { failureText, providerRows, type ProviderFormValues } from './provider-form';
import { useProviders } from './useProviders';
import styles from './providers.module.css';

export interface ProviderPrefill {
  company?: string;
  api_url?: string;
  model_id?: string;
}

/**
 * Third-party API configuration (2.11, 4.6): the providers with their status, 新增 / 编辑, the
 * picked provider's models (添加模型, 编辑, 删除), the slot meter and the MCP server list.
 * Shown in the config modal and on /moxing/myModel.
 */
export function ProviderManager({ mobile, prefill }: { mobile?: boolean; prefill?: ProviderPrefill }) {
  const { message } = App.useApp();
  const { data, error, slots, reload, changed } = useProviders();
  const [picked, setPicked] = useState<string>('');
  const [detail, setDetail] = useState<ProviderDetailRes | null>(null);
  const [providerForm, setProviderForm] = useState<{ company: string; prefill?: Partial<ProviderFormValues> } | null>(null);
  const [modelForm, setModelForm] = useState<{ model: ServiceModelView | null; modelId?: string } | null>(null);
  const [mcpOpen, setMcpOpen] = useState(false);
  const [pendingModelId, setPendingModelId] = useState<string | undefined>(prefill?.model_id);

  // A shared model's link: open the add-provider modal prefilled once the list is here.
  useEffect(() => {
    if (!data || !prefill || (!prefill.api_url && !prefill.company)) return;
    setProviderForm({ company: prefill.company ?? '', prefill: prefill.api_url ? { api_url: prefill.api_url } : undefined });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [Boolean(data)]);

  const loadDetail = async (company: string) => {
    setPicked(company);
    setDetail(null);
    try {
      setDetail(await getServiceDetail(company));
    } catch (err) {
      void message.error(failureText(err, MSG.providersListFailed));
    }
  };

  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        message={MSG.providersListFailed}
        description={error}
        action={<Button onClick={() => void reload()}>{MSG.providersRetry}</Button>}
        data-testid="providers-load-failed"
      />
    );
  }
  if (!data) return <Spin style={{ display: 'block', margin: '32px auto' }} />;

  const rows = providerRows(data.list, data.presets);
  const pickedRecord = data.list.find((p) => p.company === picked) ?? null;

  return (
    <div className={styles.manager} data-testid="provider-manager">
      <div className={styles.bar}>
        <SlotMeter slots={slots} />
        <Space wrap>
          <Button onClick={() => setMcpOpen(true)}>{MSG.providersMcpButton}</Button>
          <Button type="primary" onClick={() => setProviderForm({ company: '' })}>
            {MSG.providersAdd}
          </Button>
        </Space>
      </div>
      <List
        className={styles.providers}
        size="small"
        dataSource={rows}
        renderItem={(row) => (
          <List.Item
            className={row.company === picked ? styles.picked : undefined}
            onClick={() => void loadDetail(row.company)}
            data-testid="provider-row"
            actions={[
              <Button
                key="edit"
                size="small"
                type="link"
                onClick={(e) => {
                  e.stopPropagation();
                  setProviderForm({ company: row.company });
                }}
              >
                {row.record ? MSG.providersEdit : MSG.providersAdd}
              </Button>,
            ]}
          >
            <Space size={6} wrap>
              <span className={styles.company}>{row.company}</span>
              {row.record ? (
                <Tag color={row.record.status === 1 ? 'green' : 'default'}>{row.record.status === 1 ? MSG.providersOn : MSG.providersOff}</Tag>
              ) : (
                <Tag>{MSG.providersNotSaved}</Tag>
              )}
              {row.record && <span className={styles.hint}>{row.record.key_hint}</span>}
            </Space>
          </List.Item>
        )}
      />
      {picked && (
        <div className={styles.models} data-testid="provider-models">
          <div className={styles.bar}>
            <strong>{MSG.providersModelsOf(picked)}</strong>
            <Button
              size="small"
              type="primary"
              ghost
              onClick={() => {
                if (!pickedRecord) {
                  void message.warning(MSG.providersSaveProviderFirst);
                  return;
                }
                setModelForm({ model: null, modelId: pendingModelId });
              }}
            >
              {MSG.providersAddModel}
            </Button>
          </div>
          {!detail ? (
            <Spin size="small" />
          ) : detail.models.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.providersNoModels} />
          ) : (
            <List
              size="small"
              dataSource={detail.models}
              renderItem={(m) => (
                <List.Item
                  data-testid="service-model-row"
                  actions={[
                    <Button key="edit" size="small" type="link" onClick={() => setModelForm({ model: m })}>
                      {MSG.providersEdit}
                    </Button>,
                    <Popconfirm
                      key="delete"
                      title={MSG.providersDeleteConfirm}
                      onConfirm={async () => {
                        try {
                          await deleteServiceModel(m.id);
                          void message.success(MSG.providersDeleteOk);
                          await Promise.all([loadDetail(picked), changed()]);
                        } catch (err) {
                          void message.error(failureText(err, MSG.providersDeleteFailed));
                        }
                      }}
                    >
                      <Button size="small" type="link" danger>
                        {MSG.providersDelete}
                      </Button>
                    </Popconfirm>,
                  ]}
                >
                  <Space size={6} wrap>
                    <span className={styles.company}>{m.namespace}</span>
                    <span className={styles.hint}>{m.model_id}</span>
                    {m.functions.map((f) => (
                      <Tag key={f}>{f}</Tag>
                    ))}
                    {m.status !== 1 && <Tag>{MSG.providersOff}</Tag>}
                  </Space>
                </List.Item>
              )}
            />
          )}
        </div>
      )}
      <ProviderFormModal
        open={providerForm !== null}
        company={providerForm?.company ?? ''}
        prefill={providerForm?.prefill}
        saved={data.list}
        presets={data.presets}
        mobile={mobile}
        onClose={() => setProviderForm(null)}
        onSaved={(p) => {
          setProviderForm(null);
          void changed().then(() => loadDetail(p.company));
        }}
      />
      <ModelFormModal
        open={modelForm !== null}
        company={picked}
        model={modelForm?.model ?? null}
        modelId={modelForm?.modelId}
        mobile={mobile}
        onClose={() => setModelForm(null)}
        onSaved={() => {
          setModelForm(null);
          setPendingModelId(undefined);
          void Promise.all([loadDetail(picked), changed()]);
        }}
      />
      <McpServersModal open={mcpOpen} onClose={() => setMcpOpen(false)} />
    </div>
  );
}
