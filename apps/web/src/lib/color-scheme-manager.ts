import { localStorageColorSchemeManager, type MantineColorSchemeManager } from '@mantine/core';
import { type ColorScheme, defaultColorScheme } from './color-scheme';
import { readCookie, storageKeys, writeCookie } from './storage';

/** As long as the language's cookie: about 360 days. */
const COLOR_SCHEME_COOKIE_MAX_AGE = 360 * 24 * 60 * 60;

const inStorage = localStorageColorSchemeManager({ key: storageKeys.colorScheme });

/** The theme chosen in this browser, else the default. */
export function storedColorScheme(): ColorScheme {
  return inStorage.get(defaultColorScheme) === 'light' ? 'light' : 'dark';
}

/**
 * The theme in a cookie too, for the server: the pages it sends are then drawn in this theme. (The app's start writes
 * it, for a theme chosen before there was the cookie.)
 */
export function rememberInCookie(colorScheme: ColorScheme = storedColorScheme()): void {
  if (readCookie(storageKeys.colorScheme) !== colorScheme) {
    writeCookie(storageKeys.colorScheme, colorScheme, COLOR_SCHEME_COOKIE_MAX_AGE);
  }
}

/** Keeps the chosen theme in local storage, as Mantine does, and in a cookie of the same name. */
export const colorSchemeManager: MantineColorSchemeManager = {
  ...inStorage,
  set(value) {
    inStorage.set(value);
    rememberInCookie(value === 'light' ? 'light' : 'dark');
  },
};

/**
 * For the app taking over a page the server drew in `drawn` (which it did by the cookie): that theme first, as the
 * page is, then, as soon as the app is in place (Mantine subscribes), the theme chosen here if it differs (chosen
 * before there was the cookie).
 */
export function colorSchemeManagerFrom(drawn: ColorScheme): MantineColorSchemeManager {
  let inPlace = false;
  return {
    ...colorSchemeManager,
    get: (defaultValue) => (inPlace ? colorSchemeManager.get(defaultValue) : drawn),
    subscribe(onUpdate) {
      inPlace = true;
      colorSchemeManager.subscribe(onUpdate);
      if (storedColorScheme() !== drawn) onUpdate(storedColorScheme());
    },
  };
}

/** The theme of a page drawn on the server: fixed for that page. */
export function fixedColorSchemeManager(colorScheme: ColorScheme): MantineColorSchemeManager {
  return { get: () => colorScheme, set() {}, subscribe() {}, unsubscribe() {}, clear() {} };
}
