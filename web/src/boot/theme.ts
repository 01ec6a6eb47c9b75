import { applyThemeToDocument, resolveTheme, systemPrefersDark, useThemeStore } from '../stores/theme';

// Before the first render: the saved scheme on the document at once, so a dark page never flashes white.
applyThemeToDocument(resolveTheme(useThemeStore.getState().preference, systemPrefersDark()));
