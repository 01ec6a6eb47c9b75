import { Image, Typography } from 'antd';
import { ADMIN_MODERATION_MSG as M } from '@wanxiang/contract';
import { useProtectedUrl } from '../../../tools/useProtectedUrl';

/** A picture of the admin's image routes (they need the session token, so no plain <img src>): a thumbnail that opens the full image. */
export function ProtectedThumb({ thumbUrl, imageUrl, alt }: { thumbUrl: string; imageUrl: string; alt: string }) {
  const thumb = useProtectedUrl(thumbUrl);
  const full = useProtectedUrl(imageUrl);
  if (thumb.failed) return <Typography.Text type="secondary">{M.modNoImage}</Typography.Text>;
  return <Image width={96} height={96} style={{ objectFit: 'cover', borderRadius: 6 }} src={thumb.src ?? undefined} alt={alt} preview={full.src ? { src: full.src } : false} />;
}
