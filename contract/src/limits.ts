/** Business constants of the spec, named by meaning. */
export const LIMITS = {
  requestTimeoutMs: 120_000,
  sendThrottleMs: 1_000,
  searchDebounceMs: 500,
  smsCountdownSec: 120,
  smsCodeTtlSec: 300,
  smsMaxWrongTries: 5,
  smsPerPhoneMinIntervalSec: 60,
  smsPerPhonePerHour: 5,
  smsPerPhonePerDay: 10,
  smsPerIpPerDay: 30,
  loginAttemptsPerIpPerMinute: 20,
  historyPageSize: 20,
  promptLibraryPageSize: 9,
  multiModelMax: 4,
  multiModelMin: 2,
  recommendedModelsDesktop: 6,
  recommendedModelsMobile: 5,
  defaultModel: 'v35',
  defaultSessionName: '新的对话',
  defaultTemperature: 0.8,
  defaultMaxTokens: 1888,
  defaultPresencePenalty: 0,
  defaultFrequencyPenalty: 0,
  webVersion: '2025.10.20',
  /** Largest JSON body the API accepts. */
  bodyLimitBytes: 1_048_576,
} as const;

/** Local storage keys of the spec. */
export const STORAGE_KEYS = {
  chat: 'chat_storage',
  draw: 'draw_storage',
  config: 'config_storage',
  prompt: 'prompt_storage',
  user: 'user_storage',
  app: 'app_storage',
  music: 'music_storage',
  video: 'video_storage',
  plugin: 'plugin_storage',
  modal: 'modal_store',
} as const;

/** Other localStorage keys of docs/product/shell-and-navigation.md §9 (besides the zustand stores above). */
export const STORAGE_KEYS_SHELL = {
  vipModalTime: 'vip_modal_time',
  updateNotificationIsOpen: 'updateNotificationIsOpen',
  bananaModalMd5: 'bananaModalMd5',
  keywordsState: 'keywords_state',
  searchKeywords: 'search_keywords',
  isFirst: 'isFirst',
  /** The theme preference of this browser: system, light or dark (issue 17, comfort). */
  themeMode: 'theme_mode',
} as const;

/** App-wide promos (docs/product/promos.md §4, §9): cookie lifetimes in days, delays in ms, and keys of the promos area. */
export const PROMO_LIMITS = {
  guideCookieDays: 1,
  customerKefuCookieDays: 7,
  deepSeekCookieDays: 7,
  agentCookieDays: 7,
  guideDelayMs: 2000,
  guideKeywordDelayMs: 1000,
  deepSeekDelayMs: 2000,
  firstEntryDelayMs: 1000,
  updateLaterQuietMs: 300_000,
  carouselAutoplayMs: 2000,
  posterHeightDesktopPx: 42,
  posterHeightMobilePx: 30,
  pcVersion: '2025.08.19',
  /** Referrer hosts counted as search engines (a host containing one of these). */
  searchEngines: ['so', 'bing', 'baidu'] as readonly string[],
  /** localStorage: the notice sign 不再提醒 stored, and the new-year float ad's remaining closes. */
  noticeSignKey: 'notice_sign',
  newYearCountKey: 'new_year_count',
} as const;

export const COOKIE_NAMES = {
  chatVipModal: 'chat_vip_modal',
  guideModal: 'guide_modal',
  customerKefu: 'customer_kefu',
  deepSeekModal: 'deepSeek_modal',
  agentModal: 'agent_modal',
} as const;

/** Mainland mobile: 1, then 3-9, then 9 digits. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
/** SMS code: 4 to 6 digits. */
export const SMS_CODE_PATTERN = /^\d{4,6}$/;

/** Quota, points and phone binding (docs/product/quota-and-points.md §4, §9). */
export const GATE_LIMITS = {
  /** Slider captcha of the phone-binding dialog: drag the handle to x=400 on a 460 px track. */
  captchaTarget: 400,
  captchaWidth: 460,
  /** Largest distance from the target the server accepts, in px. */
  captchaTolerance: 6,
  /** A failed drag shows 验证失败，请重新操作 this long before the slider resets. */
  captchaErrorHoldMs: 1000,
  captchaChallengeTtlSec: 120,
  captchaTokenTtlSec: 300,
  /** Points for the first phone binding, once per person and once per number. */
  bindPhoneBonusPoints: 10,
  /** Countdown nudge when used minus remaining reaches this (at most once a day, cookie chat_vip_modal). */
  vipNudgeGap: 2,
  /** vip level that never sees the countdown nudge. */
  vipNudgeExemptVip: 79,
  /** Limited-offer countdown of the upgrade dialogs. */
  vipOfferCountdownSec: 600,
} as const;

/** Login dialog (docs/product/accounts.md §5, §9): the register slider captcha (x=200 on a 260 track), WeChat QR and remembered accounts. */
export const LOGIN_LIMITS = {
  registerCaptchaTarget: 200,
  registerCaptchaWidth: 260,
  /** Poll of queryWxQrcode while the QR waits for a scan. */
  wxQrPollMs: 2000,
  /** A WeChat login QR lives this long. */
  wxQrTtlSec: 300,
  /** A remembered account's device token lives this long (then the password is asked again). */
  deviceTokenTtlDays: 90,
  /** After a passed captcha the code request is made this much later (docs/product/accounts.md §4). */
  codeRequestDelayMs: 1500,
  /** The desktop client's one-time login code lives this long (it opens the page right away). */
  clientCodeTtlSec: 60,
} as const;

/** Web search in chat (docs/product/search.md §4). */
export const WEB_SEARCH_LIMITS = {
  /** The search query is the question, cut to this many characters (search engines ignore more). */
  queryMaxChars: 100,
  /** Characters of each source's excerpt given to the model. */
  snippetMaxChars: 300,
} as const;
