/**
 * A tiny typed event bus between layers that must not import each other: the request layer
 * (no React, no stores), the user store, the chat stores and the login dialog. Keeping these
 * signals here avoids import cycles (request -> store -> api -> request).
 */

type Listener<T> = (payload: T) => void;

interface AppEvents {
  /** Someone wants the login dialog open (a guarded action, a 401, the header button). */
  openLoginDialog: void;
  /** The session ended (logout or expiry): chat stores clear their conversations. */
  loggedOut: void;
  /** The server said the token is no longer valid (HTTP 401, body code 401/4001/4005). */
  sessionExpired: void;
}

const listeners: { [K in keyof AppEvents]: Set<Listener<AppEvents[K]>> } = {
  openLoginDialog: new Set(),
  loggedOut: new Set(),
  sessionExpired: new Set(),
};

function on<K extends keyof AppEvents>(name: K, cb: Listener<AppEvents[K]>): () => void {
  listeners[name].add(cb);
  return () => {
    listeners[name].delete(cb);
  };
}

function emit<K extends keyof AppEvents>(name: K, payload: AppEvents[K]): void {
  // Copy first: a listener may unsubscribe itself while we iterate.
  for (const cb of [...listeners[name]]) cb(payload);
}

export function openLoginDialog(): void {
  emit('openLoginDialog', undefined);
}

export function onOpenLoginDialog(cb: () => void): () => void {
  return on('openLoginDialog', cb);
}

export function emitLoggedOut(): void {
  emit('loggedOut', undefined);
}

export function onLoggedOut(cb: () => void): () => void {
  return on('loggedOut', cb);
}

export function emitSessionExpired(): void {
  emit('sessionExpired', undefined);
}

export function onSessionExpired(cb: () => void): () => void {
  return on('sessionExpired', cb);
}
