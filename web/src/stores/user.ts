import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { LOGOUT_CODES, MSG, STORAGE_KEYS, type UserInfo } from '@wanxiang/contract';
import { logout as logoutCall, userInfo } from '../api/auth';
import { RequestError, setSessionSource } from '../api/request';
import { emitLoggedOut, onSessionExpired } from '../app-events';
import { feedback } from '../components/feedback/holder';

/** The signed-in session (docs/product/shell-and-navigation.md §4), persisted under the spec's `user_storage` key. */
export interface UserState {
  token: string;
  user: UserInfo | null;
  /** Store the user info of a successful login (its token becomes the session token). */
  setSession(user: UserInfo): void;
  /** Tell the server (best effort), forget the session locally, and let chat stores clear. */
  logout(): void;
  /** Forget the session without calling the server (token already rejected). */
  clearSession(): void;
  /** Reload user info; a refused answer ends the session (docs/product/shell-and-navigation.md §8). */
  refreshUser(): Promise<void>;
}

export const useUserStore = create<UserState>()(
  persist(
    (set, get) => ({
      token: '',
      user: null,
      setSession(user) {
        set({ token: user.token || get().token, user });
      },
      logout() {
        // The call reads the headers synchronously, before the clear below removes them.
        if (get().token) void logoutCall().catch(() => undefined);
        get().clearSession();
      },
      clearSession() {
        set({ token: '', user: null });
        emitLoggedOut();
      },
      async refreshUser() {
        if (!get().token) return;
        try {
          const user = await userInfo({ silent: true });
          // The session may have ended while the call was in flight.
          if (get().token) set({ user: { ...user, token: user.token || get().token } });
        } catch (err) {
          if (!(err instanceof RequestError)) throw err;
          // Network trouble keeps the session; expiry codes were handled by the request layer.
          if (err.code === 504 || LOGOUT_CODES.includes(err.code)) return;
          feedback().error(err.msg || MSG.userInfoFailed);
          get().clearSession();
        }
      },
    }),
    {
      name: STORAGE_KEYS.user,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ token: s.token, user: s.user }),
    },
  ),
);

export const selectIsLoggedIn = (s: UserState): boolean => Boolean(s.token);
export const selectUser = (s: UserState): UserInfo | null => s.user;

setSessionSource(() => {
  const { token, user } = useUserStore.getState();
  if (!token) return null;
  return { token, accessToken: user?.access_token ?? '', uid: user ? String(user.uid) : '' };
});

onSessionExpired(() => useUserStore.getState().clearSession());
