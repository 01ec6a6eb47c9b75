import { useState } from 'react';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { DOC_LIBRARY_MSG } from '@wanxiang/contract';
import { useUserStore } from '../../stores/user';
import { DocList, UploadDocButton } from './DocList';
import { useDocLibrary } from './use-doc-library';
import styles from './doc-chat.module.css';

/**
 * /WordOverview (文档总览): the user's document library. Upload (indexed on the server as a task,
 * 解析中 until ready), list, delete, and 对话 opens a document on the document chat page.
 */
export default function DocLibraryPage({ title }: { title?: string }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const loggedIn = useUserStore((s) => Boolean(s.user));
  const lib = useDocLibrary(loggedIn);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    setBusy(true);
    const { error } = await lib.upload(file);
    setBusy(false);
    if (error) void message.error(error);
    else void message.success(DOC_LIBRARY_MSG.uploaded);
  };

  return (
    <div className={styles.page}>
      <div className={styles.hero}>
        <h1>{title ?? DOC_LIBRARY_MSG.libraryTitle}</h1>
        <p>{DOC_LIBRARY_MSG.librarySubtitle}</p>
      </div>
      <div className={styles.card}>
        <UploadDocButton onUpload={(f) => void upload(f)} busy={busy} />
        <DocList
          docs={lib.docs}
          loading={lib.loading}
          progress={lib.progress}
          openLabel={DOC_LIBRARY_MSG.openChat}
          onOpen={(d) => void navigate(`/AiFile/DocChatPage?file=${d.file_id}`)}
          onDelete={async (d) => {
            const error = await lib.remove(d.file_id);
            if (error) void message.error(error);
            else void message.success(DOC_LIBRARY_MSG.deleted);
          }}
        />
      </div>
    </div>
  );
}
