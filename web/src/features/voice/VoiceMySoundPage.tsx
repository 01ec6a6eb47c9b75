import { useCallback, useEffect, useState } from 'react';
import { App, Button, Empty, Input, Modal, Popconfirm, Spin, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SoundOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { MSG, toolById, VOICE_CLONE_ID, VOICE_LIMITS, VOICE_MYSOUND_ID, VOICE_TTS_ID } from '@wanxiang/contract';
import { RequestError } from '../../api/request';
import { useIsMobile } from '../../hooks/useIsMobile';
import { deleteClone, fetchClones, renameClone, type CloneItem } from '../../media/voice-api';
import { useUserStore } from '../../stores/user';
import { ToolHeader } from '../../tools/ToolHeader';
import styles from './voice.module.css';

const PAGE = toolById(VOICE_MYSOUND_ID)!;
const TTS_PATH = toolById(VOICE_TTS_ID)!.paths[0]!;
const CLONE_PATH = toolById(VOICE_CLONE_ID)!.paths[0]!;

const dateText = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString('zh-CN', { hour12: false });
};

/**
 * 我的声音 (/AiVioce/mysound): the user's cloned voices. Each can be used for speech at once
 * (语音合成 with the voice picked), renamed, or deleted (at the vendor too).
 */
export default function VoiceMySoundPage() {
  const { message } = App.useApp();
  const mobile = useIsMobile();
  const loggedIn = useUserStore((s) => !!s.user);
  const [clones, setClones] = useState<CloneItem[] | null>(null);
  const [renaming, setRenaming] = useState<CloneItem | null>(null);
  const [name, setName] = useState('');

  const load = useCallback(async () => {
    if (!loggedIn) return setClones([]);
    try {
      setClones(await fetchClones());
    } catch {
      setClones([]);
    }
  }, [loggedIn]);
  useEffect(() => {
    void load();
  }, [load]);

  const failed = (err: unknown) => void message.error(err instanceof RequestError && err.msg ? err.msg : MSG.networkError);

  const saveName = async () => {
    if (!renaming) return;
    try {
      const row = await renameClone(renaming.id, name.trim());
      setClones((l) => l?.map((c) => (c.id === row.id ? row : c)) ?? null);
      setRenaming(null);
      void message.success(MSG.voiceRenamed);
    } catch (err) {
      failed(err);
    }
  };

  const remove = async (c: CloneItem) => {
    try {
      await deleteClone(c.id);
      setClones((l) => l?.filter((x) => x.id !== c.id) ?? null);
      void message.success(MSG.voiceDeleted);
    } catch (err) {
      failed(err);
    }
  };

  return (
    <div className={`${styles.page}${mobile ? ` ${styles.mobile}` : ''}`} data-testid="voice-mysound-page">
      <div className={styles.top}>
        <ToolHeader tool={PAGE} />
        <Link to={CLONE_PATH}>
          <Button type="primary" icon={<PlusOutlined />}>
            {MSG.voiceMySoundCreate}
          </Button>
        </Link>
      </div>
      {clones === null ? (
        <Spin />
      ) : !loggedIn ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.toolHistoryLoginHint} />
      ) : clones.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.voiceMySoundEmpty} />
      ) : (
        <div className={styles.list} data-testid="clone-list">
          {clones.map((c) => (
            <div key={c.id} className={styles.clone} data-testid="clone-item">
              <span className={styles.cloneIcon} aria-hidden>
                🎙️
              </span>
              <div className={styles.cloneBody}>
                <div className={styles.cloneName}>
                  {c.name}
                  {c.demo && (
                    <Tag bordered={false} style={{ marginInlineStart: 8 }}>
                      演示
                    </Tag>
                  )}
                </div>
                <div className={styles.cloneMeta}>{dateText(c.created_at)}</div>
              </div>
              <div className={styles.cloneActions}>
                <Link to={`${TTS_PATH}?voice=${encodeURIComponent(c.voice)}`}>
                  <Button size="small" type="primary" ghost icon={<SoundOutlined />}>
                    {MSG.voiceMySoundUse}
                  </Button>
                </Link>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => {
                    setRenaming(c);
                    setName(c.name);
                  }}
                >
                  {MSG.voiceRename}
                </Button>
                <Popconfirm title={MSG.voiceDeleteConfirm(c.name)} onConfirm={() => remove(c)} okButtonProps={{ danger: true }}>
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={MSG.voiceDelete}>
                    {mobile ? null : MSG.voiceDelete}
                  </Button>
                </Popconfirm>
              </div>
            </div>
          ))}
        </div>
      )}
      <Modal open={renaming !== null} title={MSG.voiceRename} onCancel={() => setRenaming(null)} onOk={() => void saveName()} okButtonProps={{ disabled: !name.trim() }} destroyOnHidden>
        <Input value={name} maxLength={VOICE_LIMITS.nameMax} showCount onChange={(e) => setName(e.target.value)} onPressEnter={() => void saveName()} />
      </Modal>
    </div>
  );
}
