import { bianjie, type AccountHistoryRow } from '../../../db/bianjie';
import { issueDeviceToken, revokeDeviceToken } from '../../../api/auth';

/**
 * Remember account (docs/product/accounts.md §3 accountHistory) without a password in the browser: a ticked login
 * asks the server for a long-lived device token and keeps {account, deviceToken}; an unticked
 * login clears the table (revoking what it can). IndexedDB may be missing (private mode, tests):
 * then nothing is remembered and nothing fails.
 */

/** Remembered accounts, newest first. */
export async function listRemembered(): Promise<AccountHistoryRow[]> {
  try {
    const rows = await bianjie().accountHistory.orderBy('create_time').reverse().toArray();
    return rows.filter((r) => r.type === 'login' && r.ischecked && r.deviceToken);
  } catch {
    return [];
  }
}

/** After a ticked login (the new session is already stored): keep this account with a fresh device token. */
export async function rememberAccount(account: string, now = Date.now()): Promise<void> {
  const name = account.trim();
  if (!name) return;
  const { device_token } = await issueDeviceToken();
  const table = bianjie().accountHistory;
  const old = await table.where('account').equals(name).toArray();
  await table.where('account').equals(name).delete();
  await table.add({ account: name, deviceToken: device_token, create_time: now, ischecked: true, type: 'login' });
  // The replaced token is no longer needed; the session belongs to its owner, so it can be revoked.
  for (const r of old) if (r.deviceToken !== device_token) void revokeDeviceToken(r.deviceToken).catch(() => undefined);
}

/** After an unticked login: clear the table; tokens of this session's user are revoked too. */
export async function forgetAllAccounts(): Promise<void> {
  try {
    const table = bianjie().accountHistory;
    const rows = await table.toArray();
    await table.clear();
    for (const r of rows) if (r.deviceToken) void revokeDeviceToken(r.deviceToken).catch(() => undefined);
  } catch {
    // No IndexedDB: nothing was remembered.
  }
}

/** Drop one remembered account (its token was refused, or the user removed it). */
export async function forgetAccount(account: string): Promise<void> {
  try {
    await bianjie().accountHistory.where('account').equals(account).delete();
  } catch {
    // No IndexedDB: nothing was remembered.
  }
}
