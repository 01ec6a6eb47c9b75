import { useEffect, useState } from 'react';
import { Button, Checkbox, Form, Input, Select, Switch } from 'antd';
import { useNavigate } from 'react-router';
import {
  AGENT_CLASSIFIES,
  AGENT_DESCRIPTION_MAX,
  AGENT_NAME_MAX,
  AGENT_PROMPT_MAX,
  AGENT_SUGGESTIONS_MAX,
  MSG,
  type AgentAddReq,
  type AgentToolInfo,
} from '@wanxiang/contract';
import { addAgent, agentTools } from '../../api/agents';
import { RequestError } from '../../api/request';
import { openLoginDialog } from '../../app-events';
import { feedback } from '../../components/feedback/holder';
import { useCatalogStore } from '../../stores/chat-catalog';
import { useUserStore } from '../../stores/user';
import styles from './agents.module.css';

interface FormValues {
  name: string;
  icon?: string;
  description?: string;
  classify: string;
  prompt: string;
  model: string;
  tools?: string[];
  suggestions?: string;
  isPublic?: boolean;
}

/** /customAgent/create: the create-agent form; the server checks everything again. */
export default function AgentCreatePage() {
  const navigate = useNavigate();
  const loggedIn = useUserStore((s) => !!s.user);
  const models = useCatalogStore((s) => s.list);
  const loadCatalog = useCatalogStore((s) => s.load);
  const [tools, setTools] = useState<AgentToolInfo[]>([]);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<FormValues>();

  useEffect(() => {
    void loadCatalog();
    agentTools()
      .then(setTools)
      .catch(() => setTools([]));
  }, [loadCatalog]);

  const modelOptions = models.filter((m) => m.resloveType !== 'customer').map((m) => ({ value: m.key, label: m.label }));

  async function submit(v: FormValues) {
    if (!loggedIn) return openLoginDialog();
    const req: AgentAddReq = {
      name: v.name,
      icon: v.icon?.trim() ?? '',
      description: v.description ?? '',
      classify: v.classify as AgentAddReq['classify'],
      prompt: v.prompt,
      model: v.model,
      tools: v.tools ?? [],
      suggestions: (v.suggestions ?? '')
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean),
      isPublic: !!v.isPublic,
    };
    setSaving(true);
    try {
      const made = await addAgent(req);
      feedback().success(MSG.agentsAdded);
      navigate(`/aiAgent?type=chat&id=${made.id}`);
    } catch (err) {
      feedback().error(err instanceof RequestError ? err.msg : MSG.serverError);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className={styles.form}>
      <h1 className={styles.squareTitle}>{MSG.agentsCreate}</h1>
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ classify: 'office', model: 'glm_4_air', isPublic: false }} style={{ marginTop: 16 }}>
        <Form.Item name="name" label={MSG.agentsFormName} rules={[{ required: true, whitespace: true, message: MSG.agentsNameRequired }, { max: AGENT_NAME_MAX, message: MSG.agentsNameTooLong }]}>
          <Input maxLength={AGENT_NAME_MAX} showCount data-testid="agent-form-name" />
        </Form.Item>
        <Form.Item name="icon" label={MSG.agentsFormIcon} rules={[{ pattern: /^(https?:\/\/\S+|\p{Extended_Pictographic}.*)?$/u, message: MSG.agentsIconInvalid }]}>
          <Input placeholder="🤖 / https://" />
        </Form.Item>
        <Form.Item name="description" label={MSG.agentsFormDescription} rules={[{ max: AGENT_DESCRIPTION_MAX, message: MSG.agentsDescriptionTooLong }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={AGENT_DESCRIPTION_MAX} showCount />
        </Form.Item>
        <Form.Item name="classify" label={MSG.agentsFormClassify} rules={[{ required: true, message: MSG.agentsClassifyUnknown }]}>
          <Select options={AGENT_CLASSIFIES.map((c) => ({ value: c.key, label: c.label }))} />
        </Form.Item>
        <Form.Item
          name="prompt"
          label={MSG.agentsFormPrompt}
          extra={MSG.agentsFormPromptHint}
          rules={[{ required: true, whitespace: true, message: MSG.agentsPromptRequired }, { max: AGENT_PROMPT_MAX, message: MSG.agentsPromptTooLong }]}
        >
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} data-testid="agent-form-prompt" />
        </Form.Item>
        <Form.Item name="model" label={MSG.agentsFormModel} rules={[{ required: true, message: MSG.agentsModelRequired }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={modelOptions} />
        </Form.Item>
        {tools.length > 0 ? (
          <Form.Item name="tools" label={MSG.agentsFormTools}>
            <Checkbox.Group options={tools.map((t) => ({ value: t.name, label: `${t.name}：${t.description}` }))} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="suggestions"
          label={MSG.agentsFormSuggestions}
          rules={[
            {
              validator: (_, v: string | undefined) =>
                (v ?? '').split('\n').filter((s) => s.trim()).length > AGENT_SUGGESTIONS_MAX ? Promise.reject(new Error(MSG.agentsTooManySuggestions)) : Promise.resolve(),
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item name="isPublic" label={MSG.agentsFormPublic} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} block data-testid="agent-form-submit">
          {MSG.agentsFormSubmit}
        </Button>
      </Form>
    </div>
  );
}
