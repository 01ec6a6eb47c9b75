import { Route } from 'react-router';
import { CloudServerOutlined } from '@ant-design/icons';
import { ADMIN_VENDORS_MSG as V } from '@wanxiang/contract';
import { VendorsPage } from './VendorsPage';

/** The vendors page's menu entry and route below /admin, so the console's frame registers it with one line each. */
export const VENDORS_NAV = [{ key: '/admin/vendors', icon: <CloudServerOutlined />, label: V.navVendors }];

export const VENDORS_ROUTES = [<Route key="vendors" path="vendors" element={<VendorsPage />} />];
