/** The Chromium binary the browser tests and bench:web drive (see chromium.js). */
export declare const chromiumPath: string;
/** The flags the browser tests and benches start it with (see chromium.js). */
export declare const chromiumArgs: string[];
/** chromiumArgs plus the features a Playwright launch turns off (see chromium.js). */
export declare const playwrightChromiumArgs: string[];
/** The Chromium features behind a window's omnibox popups, which the tests and benches turn off. */
export declare const omniboxPopupFeatures: string[];
