/** The Chromium binary the browser tests and bench:web drive (see chromium.js). */
export declare const chromiumPath: string;
