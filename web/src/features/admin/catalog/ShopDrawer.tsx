import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { ADMIN_CATALOG_PAGE_MSG as C } from '@wanxiang/contract';
import { ServerFieldErrors } from './ServerFieldErrors';
import type { ShopFormValues } from './shop-form';
import { EntryDrawer } from './EntryDrawer';

/** The file's field names the server's checks use, to the form field that edits them. */
const FILE_FIELDS: Record<string, keyof ShopFormValues> = {
  id: 'id',
  kind: 'kind',
  shop_name: 'shop_name',
  shop_price: 'price',
  shop_price_2: 'price2',
  tag: 'tag',
  desc: 'desc',
  vip: 'vip',
  vipType: 'vipType',
  days: 'days',
  permanent: 'permanent',
  points: 'points',
};

const intMin = (field: string, min: number, max = 100_000_000) => ({
  type: 'integer' as const,
  min,
  max,
  message: min > 0 ? C.positive(field) : C.nonNegative(field),
});

/**
 * One shop item in a drawer form, with the checks of shop.json the form can see: a free positive id, a name, a
 * price above 0, numbers ≥ 0, and a membership grant with days or permanent (server/src/modules/shop/catalog.ts).
 */
export function ShopDrawer({
  initial,
  takenIds,
  isNew,
  problem,
  onOk,
  onClose,
}: {
  initial: ShopFormValues;
  /** Ids of the other items. */
  takenIds: ReadonlySet<number>;
  isNew: boolean;
  /** The server's refusal when it names this item: shown under the fields it names. */
  problem: string | null;
  onOk: (v: ShopFormValues) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<ShopFormValues>();
  return (
    <EntryDrawer
      size={520}
      title={isNew ? C.shopAdd : `${C.editEntry}：${initial.shop_name}`}
      testId="shop-drawer"
      onClose={onClose}
      onSubmit={form.submit}
    >
      <Form<ShopFormValues> form={form} layout="vertical" initialValues={initial} onFinish={onOk} requiredMark={false}>
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item
              name="id"
              label={C.shopId}
              rules={[
                { required: true, message: C.required(C.shopId) },
                intMin(C.shopId, 1),
                { validator: (_, id: number) => (takenIds.has(id) ? Promise.reject(new Error(C.shopIdTaken(id))) : Promise.resolve()) },
              ]}
            >
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item name="kind" label={C.shopKind} rules={[{ required: true, message: C.required(C.shopKind) }]}>
              <Select options={Object.entries(C.shopKinds).map(([value, label]) => ({ value, label }))} />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item name="shop_name" label={C.shopName} rules={[{ required: true, whitespace: true, message: C.required(C.shopName) }]}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="tag" label={C.shopTag}>
              <Input maxLength={16} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="price"
              label={C.shopPrice}
              rules={[
                { required: true, message: C.required(C.shopPrice) },
                { type: 'number', min: 0.01, message: C.shopPriceMin },
              ]}
            >
              <InputNumber precision={2} step={1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="price2"
              label={C.shopPrice2}
              rules={[
                { required: true, message: C.required(C.shopPrice2) },
                { type: 'number', min: 0, message: C.nonNegative(C.shopPrice2) },
              ]}
            >
              <InputNumber precision={2} step={1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="desc" label={C.shopDesc}>
              <Input.TextArea maxLength={200} autoSize={{ minRows: 1, maxRows: 3 }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="points"
              label={C.shopPoints}
              rules={[{ required: true, message: C.required(C.shopPoints) }, intMin(C.shopPoints, 0)]}
            >
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="vip" label={C.shopVip} rules={[{ required: true, message: C.required(C.shopVip) }, intMin(C.shopVip, 0, 100)]}>
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="vipType" label={C.shopVipType}>
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              name="days"
              label={C.shopDays}
              dependencies={['vip', 'permanent']}
              rules={[
                { required: true, message: C.required(C.shopDays) },
                intMin(C.shopDays, 0, 36_500),
                ({ getFieldValue }) => ({
                  validator: (_, days: number) =>
                    getFieldValue('vip') > 0 && !getFieldValue('permanent') && !(days > 0)
                      ? Promise.reject(new Error(C.shopVipNeedsDays))
                      : Promise.resolve(),
                }),
              ]}
            >
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="permanent" label={C.shopPermanent} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <ServerFieldErrors form={form} problem={problem} fields={FILE_FIELDS} />
      </Form>
    </EntryDrawer>
  );
}
