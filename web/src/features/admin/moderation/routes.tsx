import { Route } from 'react-router';
import { SafetyOutlined } from '@ant-design/icons';
import { ADMIN_MODERATION_MSG as M } from '@wanxiang/contract';
import { ModerationPage } from './ModerationPage';

/** The moderation page's menu entry and route below /admin, registered by the console's frame with one line each. */
export const MODERATION_NAV = [{ key: '/admin/moderation', icon: <SafetyOutlined />, label: M.modTitle }];

export const MODERATION_ROUTES = [<Route key="moderation" path="moderation" element={<ModerationPage />} />];
