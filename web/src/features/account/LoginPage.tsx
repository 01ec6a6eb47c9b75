import { useParams, useSearchParams } from 'react-router';
import { useIsMobile } from '../../hooks/useIsMobile';
import { getInviteCode } from '../../stores/keywords';
import { LoginCard } from './login/LoginCard';
import styles from './login-page.module.css';

/** /login and /login/:invite_code: the login card on its own page (docs/product/accounts.md §2). */
export default function LoginPage() {
  const { invite_code: pathInvite } = useParams();
  const [params] = useSearchParams();
  const isMobile = useIsMobile();
  // Shell 4 "Invite code": on the login route it can come from the path; elsewhere from the query
  // (or the landing URL kept in keywords_state).
  const inviteCode = pathInvite || params.get('invite_code') || getInviteCode();
  return (
    <div className={styles.page}>
      <div className={styles.intro}>
        <h1>欢迎来到万象 AI</h1>
        <p>一个入口，畅用 60+ 大模型与 1000+ AI 工具</p>
      </div>
      {/* Once logged in, the route guard sends this page to /. */}
      <div className={styles.cardWrap}>
        <LoginCard initialInviteCode={inviteCode} showGift={!isMobile} />
      </div>
    </div>
  );
}
