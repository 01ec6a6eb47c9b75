import { Route } from 'react-router';
import { CreditCardOutlined, FileTextOutlined, TransactionOutlined } from '@ant-design/icons';
import { ADMIN_MONEY_MSG as M } from '@wanxiang/contract';
import { CardsPage } from './CardsPage';
import { CashOutsPage } from './CashOutsPage';
import { OrdersPage } from './OrdersPage';

/** The money pages' menu entries and routes below /admin, so the console's frame registers them with one line each. */
export const MONEY_NAV = [
  { key: '/admin/orders', icon: <FileTextOutlined />, label: M.navOrders },
  { key: '/admin/cards', icon: <CreditCardOutlined />, label: M.navCards },
  { key: '/admin/cash-outs', icon: <TransactionOutlined />, label: M.navCashOuts },
];

export const MONEY_ROUTES = [
  <Route key="orders" path="orders" element={<OrdersPage />} />,
  <Route key="cards" path="cards" element={<CardsPage />} />,
  <Route key="cash-outs" path="cash-outs" element={<CashOutsPage />} />,
];
